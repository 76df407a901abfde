import type { HistoryGroupBy, LogSessionBody } from '@orbit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';

/** Query keys of activity: one root, so a new session (HTTP reply or SESSION_ACTIVITY) refreshes every view. */
export const activityKeys = {
  root: ['activity'] as const,
  summary: (userId: number) => ['activity', 'summary', userId] as const,
  history: (query: HistoryQuery) => ['activity', 'history', query] as const,
  leaderboard: (board: Board) => ['activity', 'leaderboard', board] as const,
};

/** THIS WEEK of a member (docs/product/friends.md#member-page): the server answers the week in the member's time zone. */
export function useActivitySummary(userId: number) {
  return useQuery({
    queryKey: activityKeys.summary(userId),
    queryFn: () => call('activitySummary', { query: { user_id: userId } }),
  });
}

export interface HistoryQuery {
  friendId?: number;
  groupBy: HistoryGroupBy;
  year: number;
  /** Absent: the year view. */
  month?: number;
}

export function useActivityHistory(query: HistoryQuery) {
  return useQuery({
    queryKey: activityKeys.history(query),
    queryFn: () =>
      call('activityHistory', {
        query: {
          friend_id: query.friendId,
          group_by: query.groupBy,
          year: query.year,
          month: query.month,
        },
      }),
    placeholderData: (previous) => previous,
  });
}

/** A board: a community's, or everyone's ('all'). */
export type Board = { kind: 'all' } | { kind: 'community'; id: number };

export function useLeaderboard(board: Board) {
  return useQuery({
    queryKey: activityKeys.leaderboard(board),
    queryFn: () =>
      call('leaderboard', {
        query: board.kind === 'all' ? { global: true } : { leaderboard_community_id: board.id },
      }),
  });
}

export function useLogActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LogSessionBody) => trackBusy(call('logActivity', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.root }),
  });
}
