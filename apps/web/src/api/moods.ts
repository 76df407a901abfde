import { useQuery } from '@tanstack/react-query';
import { activityKeys } from './activities';
import { call } from './client';

/**
 * The member's own mood insights (issue 14): under the activity root, so a logged session refreshes them;
 * a mood change refreshes them through `moodInsightsKeys.root` (useUpdateUser).
 */
export const moodInsightsKeys = {
  root: [...activityKeys.root, 'mood-insights'] as const,
  days: (days: number) => [...activityKeys.root, 'mood-insights', days] as const,
};

export function useMoodInsights(days: number) {
  return useQuery({
    queryKey: moodInsightsKeys.days(days),
    queryFn: () => call('moodInsights', { query: { days } }),
    placeholderData: (previous) => previous,
  });
}
