import {
  type CreateReportBody,
  ErrorCode,
  EventSubtype,
  ReportReason,
  ReportStatus,
  type ResolveReportBody,
} from '@orbit/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { reports } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { conflict } from '../../platform/errors';
import { inTransaction } from '../../platform/tx';
import { administeredOrganizations } from '../admin';
import { assertExpert } from '../communities';
import { removeStoredFiles } from '../feeds';
import { afterLessonEnded } from '../lessons';
import { announceReports } from './events';
import { assertMayModerate, noSuchReport } from './policy';
import { presentReports } from './presenter';
import { findReport, lockReportsOf, openReportBy, reportsWhere } from './queries';
import { removeTarget } from './removal';
import { targetSeenBy } from './targets';

/**
 * POST /reports: a member reports what they can see (404 otherwise), with a snapshot of it as they saw it.
 * Reporting the same target again while the first report is open answers that report (200): one open report
 * per member and target, kept by a unique index, so concurrent repeats make one row.
 */
export async function createReport(deps: AppDeps, callerId: number, body: CreateReportBody) {
  const target = await targetSeenBy(deps.db, callerId, body.target_type, body.target_id);
  const support = body.reason === ReportReason.SELF_HARM ? { support_url: deps.config.supportUrl } : {};
  const created = await inTransaction(unitOfWork(deps, callerId), async (work) => {
    const [row] = await work.tx
      .insert(reports)
      .values({
        reporterId: callerId,
        targetType: body.target_type,
        targetId: body.target_id,
        communityId: target.communityId,
        targetUserId: target.targetUserId,
        reason: body.reason,
        comment: body.comment?.trim() ?? '',
        snapshot: target.snapshot,
      })
      .onConflictDoNothing()
      .returning();
    // A new report reaches the open lists of those who may read it (decision 0052); a repeat adds nothing.
    if (row) await announceReports(work, [row], EventSubtype.NEW);
    return row;
  });
  if (created) return { status: 201 as const, body: { report_id: created.id, ...support } };
  const open = await openReportBy(deps.db, callerId, body.target_type, body.target_id);
  // Resolved between the conflict and this read: the member's report may be made anew.
  if (!open) return createReport(deps, callerId, body);
  return { status: 200 as const, body: { report_id: open.id, ...support } };
}

const openOnly = (status: 'open' | 'all' | undefined) => status !== 'all';

/** GET /communities/{id}/reports: the community's experts read the reports of what lives in it. */
export async function communityReports(
  deps: AppDeps,
  callerId: number,
  communityId: number,
  status?: 'open' | 'all',
) {
  await assertExpert(deps.db, communityId, callerId);
  const rows = await reportsWhere(deps.db, eq(reports.communityId, communityId), openOnly(status));
  return { reports: await presentReports(deps.db, callerId, rows) };
}

/** GET /admin/reports: the organisation admins (role 2) read every report. */
export async function adminReports(deps: AppDeps, callerId: number, status?: 'open' | 'all') {
  await administeredOrganizations(deps.db, callerId);
  const rows = await reportsWhere(deps.db, undefined, openOnly(status));
  return { reports: await presentReports(deps.db, callerId, rows) };
}

/**
 * PUT /reports/{id}: a moderator who may read the report dismisses it, or removes what it names for everyone
 * at once, which settles every open report of that target. A report already settled is a 409.
 */
export async function resolveReport(
  deps: AppDeps,
  log: Logger,
  callerId: number,
  reportId: number,
  body: ResolveReportBody,
) {
  const report = await findReport(deps.db, reportId);
  if (!report) throw noSuchReport();
  await assertMayModerate(deps.db, callerId, report);
  const { status, removal } = await inTransaction(unitOfWork(deps, callerId), async (work) => {
    const locked = await lockReportsOf(work.tx, report);
    const mine = locked.find((r) => r.id === reportId);
    if (!mine) throw noSuchReport();
    if (mine.status !== ReportStatus.OPEN) {
      throw conflict(ErrorCode.already_resolved, 'This report has already been dismissed or acted on');
    }
    const dismiss = body.action === 'dismiss';
    const removal = dismiss
      ? null
      : await removeTarget(work, mine.targetType as CreateReportBody['target_type'], mine.targetId);
    const status = dismiss ? ReportStatus.DISMISSED : ReportStatus.REMOVED;
    const ids = dismiss ? [reportId] : locked.filter((r) => r.status === ReportStatus.OPEN).map((r) => r.id);
    const settled = await work.tx
      .update(reports)
      .set({ status, resolvedAt: new Date(), resolvedBy: callerId })
      .where(inArray(reports.id, ids))
      .returning();
    // Each settled report leaves (or changes state in) the open lists of the other moderators (decision 0052).
    await announceReports(work, settled, EventSubtype.UPDATE);
    return { status, removal };
  });
  if (removal) {
    await removeStoredFiles(deps.storage, removal.storageKeys, log);
    if (removal.endedLesson) await afterLessonEnded(deps, log, removal.endedLesson);
  }
  return { report_id: reportId, status };
}
