import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { communities } from './communities';
import { users } from './identity';

/** What the reported thing said when it was reported (decision 0047): the report outlives edits and deletion. */
export interface ReportSnapshotRow {
  text: string;
  authorName: string;
}

/**
 * A member's report of a member, post, comment, message, community or lesson (issue 14). The target is named
 * by type and id without a foreign key, so a report stays when its target goes; the reporter may go too
 * (account erasure) and the report stays, unsigned.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    /** Whose experts read it: the community the target lives in; null for what only admins read. */
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'set null' }),
    /** The reported member: the target's author, or the member reported. */
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: smallint('reason').notNull(),
    comment: text('comment').notNull().default(''),
    snapshot: jsonb('snapshot').$type<ReportSnapshotRow>().notNull(),
    /** 0 open, 1 dismissed, 2 removed (ReportStatus). */
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One open report per member and target: reporting again answers the open one (decision 0047).
    uniqueIndex('reports_open_by_reporter_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 0`),
    index('reports_community_idx').on(t.communityId, t.status, t.id),
    index('reports_status_idx').on(t.status, t.id),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);
