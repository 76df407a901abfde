import type { IncentivePlanInput } from '@orbit/contract';
import { useQuery } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';
import { useSaveWithProfiles } from './keys';

export const incentiveKeys = {
  root: ['incentives'] as const,
  plans: ['incentives', 'plans'] as const,
  details: (planId: number) => ['incentives', 'details', planId] as const,
  summary: (planId: number) => ['incentives', 'summary', planId] as const,
  day: (planId: number, date: string) => ['incentives', 'day', planId, date] as const,
  madness: (communityId: number) => ['incentives', 'madness', communityId] as const,
  admin: ['incentives', 'admin'] as const,
  adminScope: ['admin', 'scope'] as const,
};

/** The plan picker's plans (the INCENTIVE star carries their ids). */
export function useIncentivePlans() {
  return useQuery({
    queryKey: incentiveKeys.plans,
    queryFn: () => trackBusy(call('incentivePlans')),
    retry: false,
  });
}

/** GET /user/incentive/details: refetched whenever a session is logged (SESSION_ACTIVITY invalidates the root). */
export function useIncentiveDetails(planId: number | null) {
  return useQuery({
    queryKey: incentiveKeys.details(planId ?? 0),
    queryFn: () => trackBusy(call('incentiveDetails', { query: { incentive_plan_id: planId ?? 0 } })),
    enabled: planId !== null,
    retry: false,
  });
}

/** GET /user/incentive/history/summary: the last 30 days, newest first. */
export function useIncentiveHistory(planId: number | null) {
  return useQuery({
    queryKey: incentiveKeys.summary(planId ?? 0),
    queryFn: () => call('incentiveHistorySummary', { query: { incentive_plan_id: planId ?? 0 } }),
    enabled: planId !== null,
    retry: false,
  });
}

/** One expanded history day: GET /user/incentive/history/details for that day only. */
export function useIncentiveDay(planId: number, date: string) {
  return useQuery({
    queryKey: incentiveKeys.day(planId, date),
    queryFn: () =>
      call('incentiveHistoryDetails', {
        query: { incentive_plan_id: planId, start_date: date, end_date: date },
      }),
    retry: false,
  });
}

/** The madness history: the community form of the summary, its last 30 days of GoCoins. */
export function useMadnessHistory(communityId: number) {
  return useQuery({
    queryKey: incentiveKeys.madness(communityId),
    queryFn: () => trackBusy(call('incentiveHistorySummary', { query: { community_id: communityId } })),
    retry: false,
  });
}

/** What the admin screens may write to (organisation role 2). */
export function useAdminScope() {
  return useQuery({
    queryKey: incentiveKeys.adminScope,
    queryFn: () => call('adminOrganizations'),
    retry: false,
  });
}

export function useAdminPlans() {
  return useQuery({
    queryKey: incentiveKeys.admin,
    queryFn: () => trackBusy(call('adminIncentivePlans')),
    retry: false,
  });
}

export const savePlan = (id: number | null, body: IncentivePlanInput) =>
  trackBusy(
    id === null
      ? call('createIncentivePlan', { body })
      : call('updateIncentivePlan', { params: { id }, body }),
  );

/** An admin saves a plan; it resolves once the lists show it (the admin's own menu may change too). */
export const useSavePlan = () => useSaveWithProfiles(savePlan, incentiveKeys.root);
