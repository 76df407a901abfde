import { StarType } from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
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

const friendsStatement = preparedPerDatabase((db) =>
  db
    .select({ user: users, star: starRow, since: friendships.createdAt })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .leftJoin(
      stars,
      and(
        eq(stars.ownerId, friendships.userId),
        eq(stars.targetKind, StarTarget.USER),
        eq(stars.targetId, friendships.friendId),
      ),
    )
    .where(eq(friendships.userId, OWNER))
    .prepare('home_friends'),
);

const sentRequestsStatement = preparedPerDatabase((db) =>
  db
    .select({ user: users, star: starRow, since: friendRequests.createdAt })
    .from(friendRequests)
    .innerJoin(users, eq(users.id, friendRequests.toId))
    .leftJoin(
      stars,
      and(
        eq(stars.ownerId, friendRequests.fromId),
        eq(stars.targetKind, StarTarget.USER),
        eq(stars.targetId, friendRequests.toId),
      ),
    )
    .where(eq(friendRequests.fromId, OWNER))
    .prepare('home_sent_requests'),
);

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
