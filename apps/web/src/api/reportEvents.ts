import {
  type EventEnvelope,
  EventSubtype,
  type Report,
  ReportStatus,
  type ReportsResponse,
} from '@orbit/contract';
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

/**
 * A list of open reports with this report in its place (newest first) while it is open, without it once
 * settled or gone (null).
 */
function withReport(id: number, open: Report | null) {
  return (old: ReportsResponse | undefined): ReportsResponse | undefined => {
    if (!old) return old;
    const others = old.reports.filter((r) => r.report_id !== id);
    if (open === null) return { reports: others };
    return { reports: [...others, open].sort((a, b) => b.report_id - a.report_id) };
  };
}

/** The report an event leaves open, or null when it was settled or is gone. */
function openReport(event: EventEnvelope<'REPORT'>): Report | null {
  if (event.subtype === EventSubtype.DELETE) return null;
  return event.data.status === ReportStatus.OPEN ? event.data : null;
}

/**
 * REPORT NEW and UPDATE (decision 0052): the report as the lists answer it, so the open lists it belongs in
 * (the admin list; its community's, when it names one) take it or lose it without a refetch; DELETE: a report
 * gone with an erased account leaves them. Idempotent, and a list not loaded stays so.
 */
export function applyReportEvent(queryClient: QueryClient, event: EventEnvelope<'REPORT'>): void {
  const { report_id: id, community_id: communityId } = event.data;
  const change = withReport(id, openReport(event));
  queryClient.setQueryData(reportKeys.admin, change);
  if (communityId !== null) queryClient.setQueryData(reportKeys.community(communityId), change);
}
