import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * A member's reminders (decision 0054), one row a kind ('mood', 'activity') once they set it; no row is the
 * defaults (off). `next_at` is the next instant it is due (null while off), worked out in `zone`, the member's
 * zone at the time; the reminder worker of any instance takes due rows FOR UPDATE SKIP LOCKED and moves
 * `next_at` on in the same transaction, so each occurrence fires once however many instances run.
 */
export const reminders = pgTable(
  'reminders',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** The local time, minutes after midnight. */
    minute: smallint('minute').notNull(),
    /** ISO weekdays it fires on as bits (Monday bit 0 .. Sunday bit 6); the mood reminder has all seven. */
    days: smallint('days').notNull().default(127),
    nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }),
    zone: text('zone').notNull().default('UTC'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    index('reminders_due_idx').on(t.nextAt).where(sql`${t.nextAt} IS NOT NULL`),
  ],
);
