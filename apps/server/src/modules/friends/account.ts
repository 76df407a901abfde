import { EventSubtype, EventType } from '@orbit/contract';
import { asc, eq, or } from 'drizzle-orm';
import { friendRequests, friendships, users } from '../../db/schema';
import type { AccountPart } from '../../platform/account';
import { forgetStar, StarTarget } from '../stars';
import { faceWatchersOf } from './service';

/** Friends and friend requests (decision 0048). */
export const friendsAccount: AccountPart = {
  async exportOf(db, userId) {
    const friends = await db
      .select({ user_id: users.id, username: users.username, since: friendships.createdAt })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(eq(friendships.userId, userId))
      .orderBy(asc(friendships.createdAt));
    const requests = await db
      .select()
      .from(friendRequests)
      .where(or(eq(friendRequests.fromId, userId), eq(friendRequests.toId, userId)));
    return {
      friends: friends.map((f) => ({ ...f, since: f.since.toISOString() })),
      friend_requests: requests.map((r) => ({
        from_user_id: r.fromId,
        to_user_id: r.toId,
        message: r.message,
        created_at: r.createdAt.toISOString(),
      })),
    };
  },

  /**
   * Friends and both sides of pending requests lose the member at once: their star goes, and their open
   * screens refetch the friends, the requests and the star set (the event's REJECT says the member left).
   */
  async erase(work, userId) {
    const watchers = await faceWatchersOf(work.tx, userId);
    await work.tx
      .delete(friendships)
      .where(or(eq(friendships.userId, userId), eq(friendships.friendId, userId)));
    await work.tx
      .delete(friendRequests)
      .where(or(eq(friendRequests.fromId, userId), eq(friendRequests.toId, userId)));
    for (const watcher of watchers) {
      await forgetStar(work, watcher, StarTarget.USER, userId);
      await work.emit([watcher], EventType.FRIEND_REQUEST, EventSubtype.REJECT, { user_id: userId });
    }
    return [];
  },
};
