import { StarType } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { jsonRead, reads } from '../../../db/json-rows';
import { friendRequests, friendships, stars, users } from '../../../db/schema';
import { FACE_COLUMNS, FRIEND, faceSeenBy, STRANGER } from '../../faces';
import { StarTarget } from '../../stars';
import { orbitOf, presentMemberStar } from '../presenter';
import { OWNER, ownStar, starColumns } from '../statements';
import { readingStars } from './types';

/** A link from the owner to another member (a friendship, a request sent) with when it was made. */
interface MemberLink {
  table: typeof friendships | typeof friendRequests;
  owner: AnyPgColumn;
  other: AnyPgColumn;
  since: typeof friendships.createdAt | typeof friendRequests.createdAt;
}

/**
 * The other members of the owner's links, each with the owner's star of them (its pin and interactions): their
 * faces' columns only, as the stars show nothing else (the whole row put 22 more fields in the statement's JSON).
 */
const linkedMembers = ({ table, owner, other, since }: MemberLink) =>
  jsonRead({ user: FACE_COLUMNS, star: starColumns, since }, (fields) =>
    reads
      .select(fields)
      .from(table)
      .innerJoin(users, eq(users.id, other))
      .leftJoin(stars, ownStar(StarTarget.USER, other))
      .where(eq(owner, OWNER)),
  );

const friends = linkedMembers({
  table: friendships,
  owner: friendships.userId,
  other: friendships.friendId,
  since: friendships.createdAt,
});

const sentRequests = linkedMembers({
  table: friendRequests,
  owner: friendRequests.fromId,
  other: friendRequests.toId,
  since: friendRequests.createdAt,
});

/** One FRIEND star per friend (docs/product/home-and-stars.md#star-types: 5), with the persona: friends see it whatever the privacy. */
export const friendStars = readingStars(friends, ({ now }, rows) => ({
  stars: rows.map(({ user, star, since }) =>
    presentMemberStar(
      StarType.FRIEND,
      faceSeenBy(user, FRIEND),
      orbitOf(star, `${StarType.FRIEND}:${user.id}`, since, now),
    ),
  ),
}));

/** One PENDING_FRIEND star (6) per request the member sent (docs/product/friends.md#friend-requests), faced by the other's privacy. */
export const pendingFriendStars = readingStars(sentRequests, ({ now }, rows) => ({
  stars: rows.map(({ user, star, since }) =>
    presentMemberStar(
      StarType.PENDING_FRIEND,
      // A request the member sent: not a friend yet.
      faceSeenBy(user, STRANGER),
      orbitOf(star, `${StarType.PENDING_FRIEND}:${user.id}`, since, now),
    ),
  ),
}));
