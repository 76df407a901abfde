import { asc, eq } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import type { AccountPart } from '../../platform/account';
import { preferencesOf } from './service';

/**
 * The member's push preferences and the devices that receive their pushes (decisions 0048, 0053): when each
 * was added and by which browser, never the endpoint or its keys (a capability to push to that device, not
 * the member's data). The erasure ends every session first, and the subscriptions go with them and with the
 * member's row (foreign keys, cascade), the outbox's rows with the subscriptions.
 */
export const pushAccount: AccountPart = {
  async exportOf(db, userId) {
    const devices = await db
      .select({ createdAt: pushSubscriptions.createdAt, userAgent: pushSubscriptions.userAgent })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.id));
    return {
      push_preferences: await preferencesOf(db, userId),
      push_subscriptions: devices.map((d) => ({
        created_at: d.createdAt.toISOString(),
        user_agent: d.userAgent,
      })),
    };
  },
};
