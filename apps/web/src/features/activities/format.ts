import { HISTORY } from '@orbit/contract';

/** Pure helpers of the activity screens (docs/product/activities-and-leaderboards.md#leaderboard, #history), tested without a browser. */

/** Leaderboard durations read d hh:mm:ss (docs/product/activities-and-leaderboards.md#moods); the day part only once a day is reached. */
export function boardDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days} ${clock}` : clock;
}

/** Activity bars cycle through five colours (docs/product/activities-and-leaderboards.md#history). */
export const barColor = (index: number) => HISTORY.barColors[index % HISTORY.barColors.length] as string;

export interface MonthRef {
  year: number;
  month: number;
}

/**
 * Today's date in the member's time zone, as a local date (the pickers read its year, month and day): the
 * server counts months in that zone, so the newest month offered is the one it serves. A zone the browser
 * does not know falls back to the browser's own.
 */
export function todayIn(zone: string | undefined, now: Date): Date {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    }).formatToParts(now);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return new Date(part('year'), part('month') - 1, part('day'));
  } catch {
    return new Date(now.getFullYear(), now.getMonth(), now.getDate());
  }
}

/** The month picker's months: this one and the 11 before it, newest first (docs/product/activities-and-leaderboards.md#history). */
export function lastMonths(today: Date, count: number = HISTORY.months): MonthRef[] {
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(today.getFullYear(), today.getMonth() - i, 1);
    return { year: at.getFullYear(), month: at.getMonth() + 1 };
  });
}

/** The year picker's years: this one and the two before it (docs/product/activities-and-leaderboards.md#history). */
export function lastYears(today: Date, count: number = HISTORY.years): number[] {
  return Array.from({ length: count }, (_, i) => today.getFullYear() - i);
}

/** The neighbour of `index` in a newest-first list, when swiping: older is +1, newer -1; null at either end. */
export function neighbour(length: number, index: number, step: -1 | 1): number | null {
  const next = index + step;
  return next >= 0 && next < length ? next : null;
}

/** Balloon radii (docs/product/activities-and-leaderboards.md#history): the longest activity gets the maximum radius 60, the others by area. */
export function balloonRadii(durations: number[], maxRadius: number = HISTORY.balloonMaxRadius): number[] {
  const longest = Math.max(0, ...durations);
  if (longest === 0) return durations.map(() => 0);
  return durations.map((d) => Math.max(8, Math.round(maxRadius * Math.sqrt(d / longest))));
}

/** Each balloon's bobbing starts somewhere within the jitter (docs/product/activities-and-leaderboards.md#history: 1000 ms), so they never move in step. */
export function balloonDelays(
  count: number,
  random: () => number,
  jitterMs: number = HISTORY.balloonJitterMs,
) {
  return Array.from({ length: count }, () => Math.round(random() * jitterMs));
}

/** The full month name (the history's total sits under it), in the member's language. */
export function monthName(year: number, month: number, locale = 'en-US'): string {
  return new Date(year, month - 1, 1).toLocaleString(locale, { month: 'long' });
}
