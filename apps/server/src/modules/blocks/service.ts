import { type BlocksResponse, EventSubtype, EventType } from '@orbit/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { eitherWay } from '../../db/queries';
import { friendRequests, friendships, userBlocks, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { faceSeenBy, findUser, lockPair, STRANGER } from '../faces';
import { forgetStar, StarTarget } from '../stars';

function assertNotSelf(callerId: number, userId: number) {
  if (callerId === userId) throw badRequest('cannot_block_self', 'You cannot block yourself');
}

/**
 * Ends every tie between the two: the friendship and any pending request, both directions, and each star of
 * the other. Both homes hear it the way an unfriend says it (a USER_PROFILES each), and the side of a request
 * that vanished hears it declined, so open lists drop it.
 */
export async function endTies(work: Work, callerId: number, userId: number) {
  await work.tx
    .delete(friendships)
    .where(eitherWay(friendships.userId, friendships.friendId, callerId, userId));
  const requests = await work.tx
    .delete(friendRequests)
    .where(eitherWay(friendRequests.fromId, friendRequests.toId, callerId, userId))
    .returning({ fromId: friendRequests.fromId });
  await forgetStar(work, callerId, StarTarget.USER, userId);
  await forgetStar(work, userId, StarTarget.USER, callerId);
  if (requests.length > 0) {
    await work.emit([userId], EventType.FRIEND_REQUEST, EventSubtype.REJECT, { user_id: callerId });
    await work.emit([callerId], EventType.FRIEND_REQUEST, EventSubtype.REJECT, { user_id: userId });
  }
  for (const id of [callerId, userId]) await work.emit([id], EventType.USER_PROFILES, null, { user_id: id });
}

/**
 * PUT /user/blocks/{user_id}: the caller blocks the member; a second block changes nothing. The pair is locked
 * as a friend request locks it, so a request racing the block either lands before it (and is ended) or
 * after it (and is refused).
 */
export async function block(deps: AppDeps, callerId: number, userId: number) {
  assertNotSelf(callerId, userId);
  await inTransaction(unitOfWork(deps, callerId), async (work) => {
    await lockPair(work.tx, callerId, userId);
    const added = await work.tx
      .insert(userBlocks)
      .values({ blockerId: callerId, blockedId: userId })
      .onConflictDoNothing()
      .returning({ blockedId: userBlocks.blockedId });
    if (added.length > 0) await endTies(work, callerId, userId);
  });
  return { ok: true };
}

/** DELETE /user/blocks/{user_id}: lifts the caller's block; no block is no change. Ties stay ended. */
export async function unblock(deps: AppDeps, callerId: number, userId: number) {
  assertNotSelf(callerId, userId);
  await inTransaction(unitOfWork(deps, callerId), async (work) => {
    await findUser(work.tx, userId);
    const removed = await work.tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, callerId), eq(userBlocks.blockedId, userId)))
      .returning({ blockedId: userBlocks.blockedId });
    // The caller's open screens read again what the block hid.
    if (removed.length > 0) await work.emit([callerId], EventType.USER_PROFILES, null, { user_id: callerId });
  });
  return { ok: true };
}

/** GET /user/blocks: whom the caller blocked, most recent first, each by the face they show a stranger. */
export async function blocksOf(db: Queryable, callerId: number): Promise<BlocksResponse> {
  const rows = await db
    .select({ user: users, blockedAt: userBlocks.blockedAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, callerId))
    .orderBy(desc(userBlocks.blockedAt), desc(userBlocks.blockedId));
  return {
    blocks: rows.map((r) => {
      const face = faceSeenBy(r.user, STRANGER);
      return {
        user_id: r.user.id,
        name: face.name,
        screen_name: face.screen_name,
        blocked_at: r.blockedAt.toISOString(),
      };
    }),
  };
}
