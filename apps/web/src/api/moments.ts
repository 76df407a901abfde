import { type CreateMomentBody, MomentStatus } from '@orbit/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trackBusy } from '../ui/busy';
import { call } from './client';
import { queryKeys } from './keys';

export type MomentOriginValue = 1 | 2;
export type MomentFilterValue = 0 | 1 | 2 | 3;

export const momentKeys = {
  root: ['moments'] as const,
  search: (origin: MomentOriginValue, filter: MomentFilterValue) =>
    ['moments', 'search', origin, filter] as const,
  app: (bgAppId: number) => ['moments', 'app', bgAppId] as const,
};

/** GET /user/moments/search: one origin (incoming or outgoing) under one filter (docs/product/moments.md#moments-list). */
export function useMoments(origin: MomentOriginValue, filter: MomentFilterValue) {
  return useQuery({
    queryKey: momentKeys.search(origin, filter),
    queryFn: () => trackBusy(call('searchMoments', { query: { origin, filter } })),
    staleTime: 0,
    retry: false,
  });
}

/** GET /app: the criteria a moment of this application may carry; without one, the general challenge metrics. */
export function useAppCriteria(bgAppId: number | null) {
  return useQuery({
    queryKey: momentKeys.app(bgAppId ?? 0),
    queryFn: () => call('appCriteria', { query: bgAppId === null ? {} : { bg_app_id: bgAppId } }),
    retry: false,
  });
}

/** POST /v4/user/moments-status: viewing incoming moments marks the pending ones as seen (docs/product/moments.md#moment-status). */
export const markMomentsSeen = (ids: number[]) =>
  call('momentsSeen', { body: { moments: ids.map((id) => ({ id, action: MomentStatus.SEEN })) } });

/** Marks incoming moments seen; the own star stops pulsing once the profiles are refetched. */
export function useMarkMomentsSeen() {
  const queryClient = useQueryClient();
  return useCallback(
    (ids: number[]) =>
      markMomentsSeen(ids).then(() => queryClient.invalidateQueries({ queryKey: queryKeys.profiles })),
    [queryClient],
  );
}

/** PUT /user/moments with status 3: the member ignores a moment (docs/product/moments.md#moment-type). */
export const ignoreMoment = (momentId: number) =>
  trackBusy(call('ignoreMoment', { body: { moment_id: momentId, status: MomentStatus.IGNORED } }));

export const fetchReplayedSession = (momentId: number) =>
  trackBusy(call('replayedSession', { query: { moment_id: momentId } }));

export const fetchMomentLeaderboard = (momentId: number) =>
  trackBusy(call('momentLeaderboard', { query: { moment_id: momentId } }));

export const createMoment = (body: CreateMomentBody) => trackBusy(call('createMoment', { body }));
/** Creates a moment; it resolves once the moment lists have been refetched, so they show it on return. */
export function useCreateMoment() {
  const queryClient = useQueryClient();
  return async (body: CreateMomentBody) => {
    await createMoment(body);
    await queryClient.invalidateQueries({ queryKey: momentKeys.root });
  };
}
