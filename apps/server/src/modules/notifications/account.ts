import { EventType } from '@orbit/contract';
import { asc, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { type AccountPart, namesMember } from '../../platform/account';

/** Whether a data key names what a notification points to: `id`, `<thing>_id`, or a list of member ids. */
const namesIds = (key: string, value: unknown) =>
  Array.isArray(value)
    ? (key.endsWith('_ids') || key === 'tagged_users') && value.every(Number.isInteger)
    : (key === 'id' || key.endsWith('_id')) && Number.isInteger(value);

/** The ids a notification's data points to (a post, a comment, a thread, a moment, a member), nothing else. */
function idsOf(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => namesIds(key, value)));
}

/**
 * Notifications (decision 0048): the member's own are exported as what is theirs, each one's type, time, read
 * state and the ids it points to; never its title, body or data text, which quote other members' words
 * (a message, a comment, a challenge) and names. Those the member caused for others go.
 */
export const notificationsAccount: AccountPart = {
  async exportOf(db, userId) {
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id));
    return {
      notifications: rows.map((n) => ({
        notification_id: n.id,
        type: n.type,
        read: n.read,
        created_at: n.createdAt.toISOString(),
        community_id: n.communityId,
        points_to: idsOf(n.data),
      })),
    };
  },

  async erase(work, userId) {
    const removed = await work.tx
      .delete(notifications)
      .where(namesMember(notifications.data, userId))
      .returning({ recipientId: notifications.userId });
    // Their badges count one fewer: the profiles (which carry the counts) are refetched.
    for (const recipientId of new Set(removed.map((r) => r.recipientId))) {
      if (recipientId !== userId) {
        await work.emit([recipientId], EventType.USER_PROFILES, null, { user_id: recipientId });
      }
    }
    return [];
  },
};
