import { wallClockAsUtc } from '@orbit/contract';

/**
 * When a reminder is due (decision 0054): its local time on each of its weekdays, in the member's zone. Wall
 * clocks are read as if they were UTC (milliseconds), as the quiet hours' rule does, so that a local day is
 * plain arithmetic and the zone only matters where a wall time turns into an instant.
 */
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** ISO weekdays (Monday 1 .. Sunday 7) as the bits kept in reminders.days, and back. */
export const daysMask = (days: readonly number[]) => days.reduce((mask, day) => mask | (1 << (day - 1)), 0);
export const daysOfMask = (mask: number) => [1, 2, 3, 4, 5, 6, 7].filter((day) => mask & (1 << (day - 1)));
export const EVERY_DAY = daysMask([1, 2, 3, 4, 5, 6, 7]);

/**
 * The instant the wall clock of `zone` shows `wall`. A time shown twice (the hour repeated when the clocks go
 * back) is its first showing, so it fires once; a time never shown (the hour skipped when they go forward)
 * is the first minute shown after it.
 */
export function instantOf(wall: number, zone: string): number {
  // The offsets a day either side: a zone changes its offset at most once within them.
  const offsets = new Set([wall - DAY_MS, wall + DAY_MS].map((at) => wallClockAsUtc(at, zone) - at));
  const candidates = [...offsets].map((offset) => wall - offset).sort((a, b) => a - b);
  const shown = candidates.find((at) => wallClockAsUtc(at, zone) === wall);
  if (shown !== undefined) return shown;
  // In the skipped hour: the first minute between the two candidates whose wall clock is past it.
  let [low, high] = [candidates[0], candidates.at(-1) as number];
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallClockAsUtc(middle, zone) >= wall) high = middle;
    else low = middle;
  }
  return high;
}

/** ISO weekday (Monday 1 .. Sunday 7) of a wall-clock midnight. */
const isoWeekday = (wallMidnight: number) => ((new Date(wallMidnight).getUTCDay() + 6) % 7) + 1;

/**
 * The first time after `after` the reminder is due: `minute` past local midnight on a day of `mask`. Each
 * local day has one such instant, so a reminder fired at it is next due on a later day.
 */
export function nextOccurrence(after: Date, minute: number, mask: number, zone: string): Date | null {
  if (mask === 0) return null;
  const localNow = wallClockAsUtc(after.getTime(), zone);
  const today = localNow - (localNow % DAY_MS);
  for (let day = -1; day <= 8; day += 1) {
    const midnight = today + day * DAY_MS;
    if (!(mask & (1 << (isoWeekday(midnight) - 1)))) continue;
    const at = instantOf(midnight + minute * MINUTE_MS, zone);
    if (at > after.getTime()) return new Date(at);
  }
  return null;
}
