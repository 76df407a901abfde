import type { MoodDay, MoodInsightsResponse } from '@orbit/contract';

/**
 * The most common of `moods` (given in the order they were set), or null for none. Moods are kinds, not a
 * scale, so there is no average; a tie goes to the tied mood set last, the one nearer how the member feels now.
 */
export function mostCommonMood(moods: readonly number[]): number | null {
  const counts = new Map<number, { count: number; last: number }>();
  moods.forEach((mood, at) => {
    counts.set(mood, { count: (counts.get(mood)?.count ?? 0) + 1, last: at });
  });
  let best: { mood: number; count: number; last: number } | null = null;
  for (const [mood, { count, last }] of counts) {
    if (!best || count > best.count || (count === best.count && last > best.last))
      best = { mood, count, last };
  }
  return best?.mood ?? null;
}

const moodsOf = (days: readonly MoodDay[]) => days.flatMap((day) => day.moods);

/** The period's summary: every mood set counts once, on the member's local day it was set. */
export function summarize(days: readonly MoodDay[]): MoodInsightsResponse['summary'] {
  return {
    most_common_mood: mostCommonMood(moodsOf(days)),
    active_days_mood: mostCommonMood(moodsOf(days.filter((day) => day.active_minutes > 0))),
    rest_days_mood: mostCommonMood(moodsOf(days.filter((day) => day.active_minutes === 0))),
  };
}
