import { StarType } from '@orbit/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { jsonRead, reads } from '../../../db/json-rows';
import { messageGroups, messageParticipants, stars, users } from '../../../db/schema';
import { FACE_COLUMNS, type FaceRow } from '../../faces';
import { facesSeenBy, groupImageUrl, isGroupThread, threadTitle, unreadCountSql } from '../../messages';
import { StarTarget } from '../../stars';
import { blankStar, orbitOf } from '../presenter';
import { OWNER, ownStar, starColumns } from '../statements';
import { readingStars } from './types';

const groups = jsonRead(
  {
    group: messageGroups,
    since: messageParticipants.joinedAt,
    unread: unreadCountSql(messageGroups.id, messageParticipants.lastReadMessageId, OWNER),
    star: starColumns,
  },
  (fields) =>
    reads
      .select(fields)
      .from(messageParticipants)
      .innerJoin(messageGroups, and(eq(messageGroups.id, messageParticipants.groupId), isGroupThread))
      .leftJoin(stars, ownStar(StarTarget.GROUP, messageGroups.id))
      .where(eq(messageParticipants.userId, OWNER)),
);

/**
 * One PRIVATE_MESSAGES star (15) per group thread the member takes part in, orbiting by the messages sent
 * in it, its badge the messages waiting to be read. One-to-one threads move the friend's own star instead.
 * A member in group threads costs two statements more: the threads' members and their faces.
 */
export const messageGroupStars = readingStars(groups, async ({ db, owner, now }, rows) => {
  if (rows.length === 0) return { stars: [] };
  const members = await db
    .select({ groupId: messageParticipants.groupId, user: FACE_COLUMNS })
    .from(messageParticipants)
    .innerJoin(users, eq(users.id, messageParticipants.userId))
    .where(
      inArray(
        messageParticipants.groupId,
        rows.map((r) => r.group.id),
      ),
    );
  const people = new Map<number, FaceRow>(members.map((m) => [m.user.id, m.user]));
  const { faces } = await facesSeenBy(db, owner.id, [...people.values()]);
  const othersOf = (groupId: number) =>
    members.flatMap((m) =>
      m.groupId === groupId && m.user.id !== owner.id ? (faces.get(m.user.id) ?? []) : [],
    );
  const waiting = rows.filter((r) => r.unread > 0).map((r) => r.group.lastMessageAt.getTime());
  return {
    stars: rows.map(({ group, since, unread, star }) => {
      const orbit = orbitOf(star, `${StarType.PRIVATE_MESSAGES}:${group.id}`, since, now);
      return {
        ...blankStar({
          star_id: orbit.star_id,
          star_type: StarType.PRIVATE_MESSAGES,
          name: threadTitle(group.name, othersOf(group.id)),
        }),
        ...orbit,
        image_url: groupImageUrl(group.id, group.imageId),
        badge_count: unread > 0 ? unread : null,
        group_id: group.id,
      };
    }),
    newestArrival: waiting.length > 0 ? new Date(Math.max(...waiting)) : null,
  };
});
