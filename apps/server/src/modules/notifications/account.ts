import { EventType } from '@orbit/contract';
import { asc, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { type AccountPart, namesMember } from '../../platform/account';

/** Notifications (decision 0048): the member's own are exported; those the member caused for others go. */
export const notificationsAccount: AccountPart = {
  async exportOf(db, userId) {
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id));
    return {
      notifications: rows.map((n) => ({
        type: n.type,
        title: n.title,
        body: n.body,
        read: n.read,
        created_at: n.createdAt.toISOString(),
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
