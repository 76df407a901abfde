import type { RemindersBody, RemindersResponse, WeeklyGoal } from '@orbit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { activityKeys } from './activities';
import { call } from './client';

/**
 * Reminders and the weekly goal (decision 0054). The goal's progress sits under the activity root, so that a
 * session logged (its reply, or SESSION_ACTIVITY from another device) moves the ring as it moves THIS WEEK.
 */
export const reminderKeys = {
  reminders: ['reminders'] as const,
  goal: ['goal'] as const,
  progress: [...activityKeys.root, 'goal-progress'] as const,
};

export function useReminders() {
  return useQuery({ queryKey: reminderKeys.reminders, queryFn: () => call('reminders') });
}

/**
 * Shown at once (a second day toggled before the first is saved starts from the first), then what the server
 * kept; a failure goes back to the server's.
 */
export function useSaveReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemindersBody) => trackBusy(call('updateReminders', { body })),
    onMutate: (body) => {
      const shown = queryClient.getQueryData<RemindersResponse>(reminderKeys.reminders);
      if (shown) {
        queryClient.setQueryData<RemindersResponse>(reminderKeys.reminders, {
          mood: { ...shown.mood, ...body.mood },
          activity: { ...shown.activity, ...body.activity },
        });
      }
    },
    onSuccess: (saved) => queryClient.setQueryData(reminderKeys.reminders, saved),
    onError: () => queryClient.invalidateQueries({ queryKey: reminderKeys.reminders }),
  });
}

export function useWeeklyGoal() {
  return useQuery({ queryKey: reminderKeys.goal, queryFn: () => call('weeklyGoal') });
}

export function useSaveWeeklyGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WeeklyGoal) => trackBusy(call('updateWeeklyGoal', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(reminderKeys.goal, saved);
      return queryClient.invalidateQueries({ queryKey: reminderKeys.progress });
    },
  });
}

/** This week's progress; only asked for while `enabled` (a goal is set and the ring may show). */
export function useGoalProgress(enabled = true) {
  return useQuery({ queryKey: reminderKeys.progress, queryFn: () => call('goalProgress'), enabled });
}
