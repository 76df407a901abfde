import { ReportStatus } from '@orbit/contract';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { reports } from '../../db/schema';

export type ReportRow = typeof reports.$inferSelect;

/** The most a reports list answers, newest first. */
export const REPORTS_PAGE = 200;

export async function reportsWhere(db: Queryable, where: SQL | undefined, openOnly: boolean) {
  const open = openOnly ? eq(reports.status, ReportStatus.OPEN) : undefined;
  return db.select().from(reports).where(and(where, open)).orderBy(desc(reports.id)).limit(REPORTS_PAGE);
}

export async function findReport(db: Queryable, reportId: number): Promise<ReportRow | null> {
  const [row] = await db.select().from(reports).where(eq(reports.id, reportId)).limit(1);
  return row ?? null;
}

/**
 * Locks every report of one target, in id order: two moderators acting on reports of the same target take
 * their locks in the same order, so they wait on each other rather than deadlock.
 */
export async function lockReportsOf(db: Queryable, report: Pick<ReportRow, 'targetType' | 'targetId'>) {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId)))
    .orderBy(asc(reports.id))
    .for('update');
}

/** The member's open report of this target, if any. */
export async function openReportBy(db: Queryable, reporterId: number, type: string, targetId: number) {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, type),
        eq(reports.targetId, targetId),
        eq(reports.status, ReportStatus.OPEN),
      ),
    )
    .limit(1);
  return row ?? null;
}
