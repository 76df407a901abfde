import { asc, eq, sql } from 'drizzle-orm';
import { momentRecipients, moments } from '../../db/schema';
import { type AccountPart, holdsMember, withoutMember } from '../../platform/account';

/** Moments the member sent and received (decision 0048). */
export const momentsAccount: AccountPart = {
  async exportOf(db, userId) {
    const sent = await db
      .select()
      .from(moments)
      .where(eq(moments.producerId, userId))
      .orderBy(asc(moments.id));
    const received = await db
      .select()
      .from(momentRecipients)
      .where(eq(momentRecipients.userId, userId))
      .orderBy(asc(momentRecipients.momentId));
    return {
      moments: sent.map((m) => ({
        moment_id: m.id,
        type: m.type,
        message: m.message,
        criteria: m.criteria,
        participants: m.participants,
        activity_type: m.activityType,
        session_type: m.sessionType,
        sent_at: m.sentAt?.toISOString() ?? null,
        created_at: m.createdAt.toISOString(),
      })),
      moments_received: received.map((r) => ({
        moment_id: r.momentId,
        status: r.status,
        score: r.score,
        completed_at: r.completedAt?.toISOString() ?? null,
      })),
    };
  },

  /** Their own moments go with the account (cascade); others' keep being sent to the rest, without them. */
  async erase(work, userId) {
    const friendIds = sql`${moments.participants}->'friend_ids'`;
    await work.tx
      .update(moments)
      .set({
        participants: sql`jsonb_set(${moments.participants}, '{friend_ids}', ${withoutMember(friendIds, userId)})`,
      })
      .where(holdsMember(friendIds, userId));
    return [];
  },
};
