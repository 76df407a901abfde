import { recordInteraction, StarTarget } from '../../modules/stars';
import { friendRequests, friendships } from '../schema';
import type { SeedContext, SeedWorld } from './world';

const DAY = 24 * 60 * 60 * 1000;

/**
 * How the demo member's friendships look: days since the last interaction and how many there were, so the
 * home view shows every zone (recent to inactive) and every size (docs/decisions/0007-home-star-set.md).
 */
const DEMO_FRIENDS: { lastDaysAgo: number; interactions: number }[] = [
  { lastDaysAgo: 0, interactions: 14 },
  { lastDaysAgo: 0, interactions: 6 },
  { lastDaysAgo: 1, interactions: 3 },
  { lastDaysAgo: 2, interactions: 10 },
  { lastDaysAgo: 4, interactions: 2 },
  { lastDaysAgo: 6, interactions: 5 },
  { lastDaysAgo: 9, interactions: 1 },
  { lastDaysAgo: 12, interactions: 4 },
  { lastDaysAgo: 18, interactions: 2 },
  { lastDaysAgo: 25, interactions: 8 },
  { lastDaysAgo: 33, interactions: 1 },
  { lastDaysAgo: 40, interactions: 3 },
  { lastDaysAgo: 60, interactions: 2 },
  { lastDaysAgo: 90, interactions: 1 },
];
const OUTGOING = 2;
const INCOMING_MESSAGES = ['We met at the Sunday run, add me?', null, 'Loved your yoga post!'];

async function befriend(
  ctx: SeedContext,
  a: number,
  b: number,
  now: Date,
  interactions: number,
  lastDaysAgo: number,
) {
  await ctx.tx.insert(friendships).values([
    { userId: a, friendId: b, createdAt: new Date(now.getTime() - (lastDaysAgo + interactions) * DAY) },
    { userId: b, friendId: a, createdAt: new Date(now.getTime() - (lastDaysAgo + interactions) * DAY) },
  ]);
  // One interaction a day, the last one `lastDaysAgo` days ago: the star's score and date as if lived.
  for (let i = interactions - 1; i >= 0; i--) {
    await recordInteraction(ctx.tx, a, StarTarget.USER, b, new Date(now.getTime() - (lastDaysAgo + i) * DAY));
  }
  await recordInteraction(ctx.tx, b, StarTarget.USER, a, new Date(now.getTime() - lastDaysAgo * DAY));
}

/** Friendships, pending requests both ways, and friends among the other members (for friends-of-friend). */
export async function seedFriends(ctx: SeedContext, world: SeedWorld, now = new Date()): Promise<void> {
  const others = world.memberIds;
  const friends = others.slice(0, DEMO_FRIENDS.length);
  for (const [i, friendId] of friends.entries()) {
    await befriend(
      ctx,
      world.demoUserId,
      friendId,
      now,
      DEMO_FRIENDS[i].interactions,
      DEMO_FRIENDS[i].lastDaysAgo,
    );
  }
  const outgoing = others.slice(friends.length, friends.length + OUTGOING);
  for (const toId of outgoing) {
    await ctx.tx
      .insert(friendRequests)
      .values({ fromId: world.demoUserId, toId, createdAt: new Date(now.getTime() - DAY) });
    await recordInteraction(ctx.tx, world.demoUserId, StarTarget.USER, toId, new Date(now.getTime() - DAY));
  }
  const incoming = others.slice(
    friends.length + OUTGOING,
    friends.length + OUTGOING + INCOMING_MESSAGES.length,
  );
  for (const [i, fromId] of incoming.entries()) {
    await ctx.tx.insert(friendRequests).values({
      fromId,
      toId: world.demoUserId,
      message: INCOMING_MESSAGES[i],
      createdAt: new Date(now.getTime() - (i + 1) * 3 * 60 * 60 * 1000),
    });
    await recordInteraction(ctx.tx, fromId, StarTarget.USER, world.demoUserId, now);
  }
  // A ring of friendships among the demo member's friends, so friends-of-friend lists are not empty.
  for (let i = 0; i + 1 < friends.length; i += 2) {
    await befriend(ctx, friends[i], friends[i + 1], now, 2, 3 + i);
  }
}
