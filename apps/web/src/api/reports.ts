import type { CreateReportBody, ResolveReportBody } from '@orbit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';
import { reportKeys } from './reportEvents';

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
