import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * Every mood a member set (PUT /user {gojimoji: {mood}}), kept for their private mood insights; users.mood
 * stays the current one. Written in the transaction that changes users.mood, at the instant it ran
 * (clock_timestamp, after the member's row lock), so two devices' changes keep the order they were applied in.
 */
export const moodHistory = pgTable(
  'mood_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mood: smallint('mood').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  // The insights read one member's period in time order.
  (t) => [index('mood_history_user_time_idx').on(t.userId, t.setAt)],
);
