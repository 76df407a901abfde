import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

/**
 * One activity session of a member (001 "Activity"): logged by hand (app_id null) or sent by an
 * integration (app_id 1..7 with its own external id, so a resend is recognised). Every wellbeing figure
 * (summary, history, leaderboards, incentive progress, tournament battles) is read from these rows.
 */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityType: integer('activity_type').notNull(),
    sessionType: integer('session_type').notNull(),
    sessionKind: integer('session_kind').notNull().default(0),
    appId: integer('app_id'),
    externalId: text('external_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    calories: integer('calories').notNull().default(0),
    /** Steps, or strokes when the session type is 69. */
    steps: integer('steps').notNull().default(0),
    distanceM: integer('distance_m').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A member's period: the history groups by these columns and reads them from the index alone (0029).
    index('activity_logs_user_time_idx').on(
      t.userId,
      t.startedAt,
      t.activityType,
      t.sessionType,
      t.sessionKind,
      t.durationMs,
      t.appId,
    ),
    index('activity_logs_time_idx').on(t.startedAt),
    // Leaderboards (0007, docs/decisions/0021): a week of every member's sessions is read from this index alone.
    index('activity_logs_board_idx').on(t.startedAt, t.userId, t.durationMs),
    uniqueIndex('activity_logs_external_idx')
      .on(t.userId, t.appId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
  ],
);

/**
 * How often the sessions of each UTC week (Monday start) changed: a counter that only grows, bumped by the
 * triggers on activity_logs (migration 0016_hot_reads) in the writing statement's own transaction, for
 * every writer alike. A leaderboard read in one snapshot stays the truth while the sum over its weeks is
 * unchanged, which lets the global board be kept between sessions (docs/decisions/0029). The shard
 * (the writing backend's pid modulo 64) keeps concurrent writers off each other's row: no lock convoy.
 */
export const activityBoardEpochs = pgTable(
  'activity_board_epochs',
  {
    week: date('week').notNull(),
    shard: smallint('shard').notNull(),
    changes: bigint('changes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.shard] })],
);

/**
 * How often each member's sessions changed: a counter that only grows, bumped by the same triggers as
 * activity_board_epochs (migration 0030) in the writing statement's own transaction, for every writer alike.
 * A member's history read in one snapshot stays the truth while their counter and zone stand still, which
 * lets it be served again without reading the sessions (docs/decisions/0075). An erased member's row goes
 * with them: the trigger counts only members that still exist.
 */
export const activityMemberEpochs = pgTable('activity_member_epochs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  changes: bigint('changes', { mode: 'number' }).notNull(),
});
