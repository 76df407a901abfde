import { type EventEnvelope, type Report, ReportStatus, type ReportsResponse } from '@orbit/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The moderators' report lists as the realtime handlers keep them (decision 0052), apart from the calls of
 * ./reports, so that the first screen's chunk takes only this.
 */

/** Query keys of the moderators' report lists: one root, so a decision refreshes every list. */
export const reportKeys = {
  root: ['reports'] as const,
  community: (id: number) => ['reports', 'community', id] as const,
  admin: ['reports', 'admin'] as const,
};

/** A list of open reports with this report in its place (newest first) while it is open, without it once settled. */
function withReport(report: Report) {
  return (old: ReportsResponse | undefined): ReportsResponse | undefined => {
    if (!old) return old;
    const others = old.reports.filter((r) => r.report_id !== report.report_id);
    if (report.status !== ReportStatus.OPEN) return { reports: others };
    return { reports: [...others, report].sort((a, b) => b.report_id - a.report_id) };
  };
}

/**
 * REPORT NEW and UPDATE (decision 0052): the report as the lists answer it, so the open lists it belongs in
 * (the admin list; its community's, when it names one) take it or lose it without a refetch. Idempotent, and
 * a list not loaded stays so.
 */
export function applyReportEvent(queryClient: QueryClient, event: EventEnvelope<'REPORT'>): void {
  const report = event.data;
  queryClient.setQueryData(reportKeys.admin, withReport(report));
  if (report.community_id !== null) {
    queryClient.setQueryData(reportKeys.community(report.community_id), withReport(report));
  }
}
