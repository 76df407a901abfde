import { MomentType, RecipientStatus, StarType } from '@orbit/contract';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { jsonRead, reads } from '../../../db/json-rows';
import { friendships, momentRecipients, moments, users } from '../../../db/schema';
import { FACE_COLUMNS, faceSeenBy } from '../../faces';
import { zoneOf } from '../../stars';
import { blankStar, presentMemberStar } from '../presenter';
import { NOW, OWNER } from '../statements';
import { readingStars } from './types';

/** The most moment stars a home view shows at once: the newest pending ones. */
export const MOMENT_STARS_MAX = 20;

/** Where the MOMENTS star of a member with nothing pending orbits: the outermost zone shown. */
const QUIET_MOMENTS_ZONE = 3;

/**
 * The MOMENTS star (11) of a member with no pending moment (decision 0039): the moments list and moment
 * creation are always one star away, with no badge as nothing waits.
 */
const quietMomentsStar = (ownerId: number) => ({
  ...blankStar({
    star_id: `${StarType.MOMENTS}:none:${ownerId}`,
    star_type: StarType.MOMENTS,
    name: 'moments',
  }),
  zone: QUIET_MOMENTS_ZONE,
  badge_count: 0,
});

const pending = jsonRead(
  { moment: moments, status: momentRecipients.status, producer: FACE_COLUMNS, friend: friendships.friendId },
  (fields) =>
    reads
      .select(fields)
      .from(momentRecipients)
      .innerJoin(moments, eq(moments.id, momentRecipients.momentId))
      .innerJoin(users, eq(users.id, moments.producerId))
      .leftJoin(friendships, and(eq(friendships.userId, OWNER), eq(friendships.friendId, moments.producerId)))
      .where(
        and(
          eq(momentRecipients.userId, OWNER),
          inArray(moments.type, [MomentType.DARE, MomentType.SHARE]),
          inArray(momentRecipients.status, [RecipientStatus.PENDING, RecipientStatus.SEEN]),
          or(isNull(momentRecipients.expiresAt), gt(momentRecipients.expiresAt, NOW)),
        ),
      )
      .orderBy(desc(moments.id))
      .limit(MOMENT_STARS_MAX),
);

/**
 * One MOMENTS star (11) per pending incoming dare or share, faced by its producer; a moment not yet seen
 * pulses the member's own star. With none pending, the one quiet MOMENTS star.
 */
export const momentStars = readingStars(pending, ({ owner, now }, rows) => {
  if (rows.length === 0) return { stars: [quietMomentsStar(owner.id)] };
  const unseen = rows.filter((r) => r.status === RecipientStatus.PENDING).map((r) => r.moment.createdAt);
  return {
    stars: rows.map(({ moment, producer, friend }) => {
      const face = faceSeenBy(producer, { isFriend: friend !== null });
      const orbit = {
        star_id: `${StarType.MOMENTS}:${moment.id}`,
        pinned: false,
        zone: zoneOf(false, moment.createdAt, now),
        size: 1 as const,
        interaction_date: moment.createdAt.toISOString(),
      };
      return {
        ...presentMemberStar(StarType.MOMENTS, face, orbit),
        type: moment.type,
        bg_app_id: moment.bgAppId,
      };
    }),
    newestArrival: unseen.length > 0 ? unseen[0] : null,
  };
});
