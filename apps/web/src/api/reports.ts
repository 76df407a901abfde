import {
  type CreateReportBody,
  type EventEnvelope,
  type Report,
  ReportStatus,
  type ReportsResponse,
  type ResolveReportBody,
} from '@orbit/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';

/** Query keys of the moderators' report lists: one root, so a decision refreshes every list. */
export const reportKeys = {
  root: ['reports'] as const,
  community: (id: number) => ['reports', 'community', id] as const,
  admin: ['reports', 'admin'] as const,
};

/** POST /reports: the answer carries the support link when the reason was self-harm. */
export function useCreateReport() {
  return useMutation({
    mutationFn: (body: CreateReportBody) => trackBusy(call('createReport', { body })),
  });
}

/** GET /communities/{id}/reports: the open reports of what lives in the community, for its experts. */
export function useCommunityReports(id: number) {
  return useQuery({
    queryKey: reportKeys.community(id),
    queryFn: () => call('communityReports', { params: { id }, query: {} }),
  });
}

/** GET /admin/reports: every open report, for the organisation admins. */
export function useAdminReports() {
  return useQuery({ queryKey: reportKeys.admin, queryFn: () => call('adminReports', { query: {} }) });
}

/** PUT /reports/{id}: dismiss, or remove what the report names for everyone. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ResolveReportBody['action'] }) =>
      trackBusy(call('resolveReport', { params: { id }, body: { action } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.root }),
  });
}

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
