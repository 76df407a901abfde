/**
 * Quiet hours (issue 14, decision 0044): a daily window in the member's own time zone, "HH:MM" to "HH:MM",
 * crossing midnight when the end comes before the start. The server and the web app read the clock through
 * these same functions, so "is it quiet now" and "which window just ended" have one answer.
 */

export interface QuietHours {
  start: string;
  end: string;
}

/** A quiet window as instants: [start, end). */
export interface QuietWindow {
  start: Date;
  end: Date;
}

export const QUIET_CLOCK_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const CLOCK = new RegExp(QUIET_CLOCK_PATTERN);
const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;

/** Minutes after midnight of an "HH:MM" clock time, or null when it is not one. */
export function clockMinutes(clock: string): number | null {
  if (!CLOCK.test(clock)) return null;
  const [hours, minutes] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

export function clockText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormatOf(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    const options = {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    } as const;
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      // A zone this engine does not know (stored long ago, or a browser without it) reads as UTC.
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    partsFormats.set(zone, format);
  }
  return format;
}

/** The wall clock of `zone` at `instant`, read as if it were UTC (milliseconds, to the minute). */
export function wallClockAsUtc(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormatOf(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
}

/** The instant the wall clock of `zone` shows `wall` (a UTC-read wall time); a skipped hour moves forward. */
function instantOfWallClock(wall: number, zone: string): number {
  const firstOffset = wallClockAsUtc(wall, zone) - wall;
  const guess = wall - firstOffset;
  const offset = wallClockAsUtc(guess, zone) - guess;
  return offset === firstOffset ? guess : wall - offset;
}

/** The windows that began on the days around `now` (local), oldest first. */
function windowsAround(quiet: QuietHours, zone: string, now: Date): QuietWindow[] {
  const start = clockMinutes(quiet.start);
  const end = clockMinutes(quiet.end);
  if (start === null || end === null || start === end) return [];
  const localNow = wallClockAsUtc(now.getTime(), zone);
  const localMidnight = localNow - (localNow % (MINUTES_PER_DAY * MS_PER_MINUTE));
  const length = (end - start + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return [-2, -1, 0].map((day) => {
    const wallStart = localMidnight + (day * MINUTES_PER_DAY + start) * MS_PER_MINUTE;
    return {
      start: new Date(instantOfWallClock(wallStart, zone)),
      end: new Date(instantOfWallClock(wallStart + length * MS_PER_MINUTE, zone)),
    };
  });
}

/** The quiet window `now` is in, or null. */
export function currentQuietWindow(quiet: QuietHours | null, zone: string, now: Date): QuietWindow | null {
  if (!quiet) return null;
  const at = now.getTime();
  return windowsAround(quiet, zone, now).find((w) => w.start.getTime() <= at && at < w.end.getTime()) ?? null;
}

export const isQuietNow = (quiet: QuietHours | null, zone: string, now: Date) =>
  currentQuietWindow(quiet, zone, now) !== null;

/** The latest quiet window that has ended by `now`, or null when quiet hours are off. */
export function lastEndedQuietWindow(quiet: QuietHours | null, zone: string, now: Date): QuietWindow | null {
  if (!quiet) return null;
  const ended = windowsAround(quiet, zone, now).filter((w) => w.end.getTime() <= now.getTime());
  return ended.at(-1) ?? null;
}
