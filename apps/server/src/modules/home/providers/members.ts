import { StarType } from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { preparedPerDatabase } from '../../../db/prepared';
import { friendRequests, friendships, stars, users } from '../../../db/schema';
import { FRIEND, faceSeenBy, STRANGER } from '../../faces';
import { StarTarget } from '../../stars';
import { orbitOf, presentMemberStar } from '../presenter';
import { OWNER } from './statements';
import type { StarProvider } from './types';

const starRow = {
  id: stars.id,
  pinned: stars.pinned,
  interactionScore: stars.interactionScore,
  interactionDate: stars.interactionDate,
};

/** A link from the owner to another member (a friendship, a request sent) with when it was made. */
interface MemberLink {
  table: typeof friendships | typeof friendRequests;
  owner: AnyPgColumn;
  other: AnyPgColumn;
  since: typeof friendships.createdAt | typeof friendRequests.createdAt;
}

/** The other members of the owner's links, each with the owner's star of them (its pin and interactions). */
const linkedMembersStatement = (name: string, link: () => MemberLink) =>
  preparedPerDatabase((db) => {
    const { table, owner, other, since } = link();
    return db
      .select({ user: users, star: starRow, since })
      .from(table)
      .innerJoin(users, eq(users.id, other))
      .leftJoin(
        stars,
        and(eq(stars.ownerId, owner), eq(stars.targetKind, StarTarget.USER), eq(stars.targetId, other)),
      )
      .where(eq(owner, OWNER))
      .prepare(name);
  });

const friendsStatement = linkedMembersStatement('home_friends', () => ({
  table: friendships,
  owner: friendships.userId,
  other: friendships.friendId,
  since: friendships.createdAt,
}));

const sentRequestsStatement = linkedMembersStatement('home_sent_requests', () => ({
  table: friendRequests,
  owner: friendRequests.fromId,
  other: friendRequests.toId,
  since: friendRequests.createdAt,
}));

/** One FRIEND star per friend (docs/product/home-and-stars.md#star-types: 5), with the persona: friends see it whatever the privacy. */
export const friendStars: StarProvider = async ({ db, owner, now }) => {
  const rows = await friendsStatement(db).execute({ owner: owner.id });
  return {
    stars: rows.map(({ user, star, since }) =>
      presentMemberStar(
        StarType.FRIEND,
        faceSeenBy(user, FRIEND),
        orbitOf(star, `${StarType.FRIEND}:${user.id}`, since, now),
      ),
    ),
  };
};

/** One PENDING_FRIEND star (6) per request the member sent (docs/product/friends.md#friend-requests), faced by the other's privacy. */
export const pendingFriendStars: StarProvider = async ({ db, owner, now }) => {
  const rows = await sentRequestsStatement(db).execute({ owner: owner.id });
  return {
    stars: rows.map(({ user, star, since }) =>
      presentMemberStar(
        StarType.PENDING_FRIEND,
        // A request the member sent: not a friend yet.
        faceSeenBy(user, STRANGER),
        orbitOf(star, `${StarType.PENDING_FRIEND}:${user.id}`, since, now),
      ),
    ),
  };
};
