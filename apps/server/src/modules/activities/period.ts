import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { activityLogs, users } from '../../db/schema';
import { notFound } from '../../platform/errors';

/**
 * Calendar periods in the member's time zone (users.timezone, set in the profile). Days are plain
 * 'YYYY-MM-DD' strings; the database turns a local day into an instant with `AT TIME ZONE`, so daylight
 * saving changes and the zone's offset are PostgreSQL's to get right, not ours.
 */

export interface Period {
  /** First day, inclusive. */
  from: string;
  /** Day after the last, exclusive. */
  until: string;
}

/**
 * One day formatter per zone. Building an Intl.DateTimeFormat costs about 0.1 ms (the CPU profile of the
 * activities bench showed safeZone and localDay at a fifth of the history route's time), so each zone's is
 * built once; the map is bounded because a zone comes from stored member data.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();
const DAY_FORMATS_MAX = 1000;

function dayFormatOf(zone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(zone);
  if (format !== undefined) return format;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    format = null;
  }
  if (dayFormats.size < DAY_FORMATS_MAX) dayFormats.set(zone, format);
  return format;
}

/** A zone PostgreSQL and Intl both know; anything else (a stale or hand-written value) reads as UTC. */
export function safeZone(zone: string | null | undefined): string {
  return zone && dayFormatOf(zone) ? zone : 'UTC';
}

/**
 * The zone each member's last read ran in: a guess to bind the next read's statement with, so that the
 * member's zone is not a round trip of its own (it was a third of the history route's statements). Never
 * an answer: the statement reads the member's zone itself, and a read run in another zone is run again.
 */
const zoneGuesses = new Map<number, string>();
const ZONE_GUESSES_MAX = 10_000;
/** A zone that moved during the read is followed this often, then the last run is answered. */
const ZONE_RUNS_MAX = 3;

/** Keeps `zone` as the member's next guess, the most recently learnt last (the oldest guess goes first). */
function keepGuess(userId: number, zone: string): void {
  zoneGuesses.delete(userId);
  if (zoneGuesses.size >= ZONE_GUESSES_MAX) zoneGuesses.delete(zoneGuesses.keys().next().value as number);
  zoneGuesses.set(userId, zone);
}

/**
 * A read that has the member's row anyway (the home) tells the zone it saw, so that the member's first
 * history, board or insights read runs once, in the right zone, rather than once in UTC and again.
 */
export function learnMemberZone(userId: number, zone: string | null): void {
  keepGuess(userId, safeZone(zone));
}

/**
 * Runs `read` in the member's zone: `read` binds the zone it is given and answers, from the same statement,
 * the zone the member has (null when there is no such member).
 */
export async function inMemberZone<T>(
  userId: number,
  read: (zone: string) => Promise<{ memberZone: string | null; value: T }>,
): Promise<{ zone: string; value: T }> {
  let zone = zoneGuesses.get(userId) ?? 'UTC';
  for (let run = 1; ; run++) {
    const { memberZone, value } = await read(zone);
    if (memberZone === null) throw notFound('No such member');
    const actual = safeZone(memberZone);
    if (actual === zone || run === ZONE_RUNS_MAX) {
      keepGuess(userId, actual);
      return { zone, value };
    }
    zone = actual;
  }
}

/** A member's stored zone, for a statement that reads it beside what it is about (see inMemberZone). */
export const zoneOfMember = (userId: SQLWrapper) =>
  sql<string | null>`(SELECT ${users.timezone} FROM ${users} WHERE ${users.id} = ${userId})`;

/** The member's calendar day at `now`. */
export function localDay(now: Date, zone: string): string {
  const format = dayFormatOf(zone) ?? (dayFormatOf('UTC') as Intl.DateTimeFormat);
  return format.format(now).slice(0, 10);
}

const asUtc = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = asUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOf(date);
}

/** The week holding `day`: it starts on Monday (docs/product/incentives-and-surveys.md#incentive-rules, the incentive periods and THIS WEEK alike). */
export function weekOf(day: string): Period {
  const weekday = (asUtc(day).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const from = addDays(day, -weekday);
  return { from, until: addDays(from, 7) };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function monthOf(year: number, month: number): Period {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: `${year}-${pad(month)}-01`, until: `${next.year}-${pad(next.month)}-01` };
}

export function yearOf(year: number): Period {
  return { from: `${year}-01-01`, until: `${year + 1}-01-01` };
}

/**
 * A zone checked by safeZone, written into the SQL text: the same expression in SELECT and GROUP BY must be the
 * same text, which two bound parameters are not.
 */
export const zoneLiteral = (zone: string) => sql.raw(`'${safeZone(zone).replaceAll("'", "''")}'`);

/**
 * A zone in a query: a checked name written into the text, or the placeholder of a prepared statement (which
 * groups by output position instead, so that each use may be a parameter of its own).
 */
export type ZoneSql = string | Placeholder;
/** A local day in a query: its text, or the placeholder of a prepared statement. */
export type DaySql = string | Placeholder;

const zoneOf = (zone: ZoneSql): SQL | Placeholder => (typeof zone === 'string' ? zoneLiteral(zone) : zone);

/** The instant a local day starts in `zone`. */
export const startOf = (day: DaySql, zone: ZoneSql) =>
  sql`(${day}::date::timestamp AT TIME ZONE ${zoneOf(zone)})`;

/** Rows whose instant (`column`, a timestamptz) falls within the period, in the member's zone. */
export const instantWithin = (column: AnyPgColumn, period: { from: DaySql; until: DaySql }, zone: ZoneSql) =>
  sql`${column} >= ${startOf(period.from, zone)} AND ${column} < ${startOf(period.until, zone)}`;

/** Sessions that started within the period, in the member's zone. */
export const startedWithin = (period: { from: DaySql; until: DaySql }, zone: ZoneSql) =>
  instantWithin(activityLogs.startedAt, period, zone);

/** The local day of an instant (`column`, a timestamptz; by default the day a session started on). */
export const localDayOf = (zone: ZoneSql, column: AnyPgColumn = activityLogs.startedAt) =>
  sql<string>`to_char(${column} AT TIME ZONE ${zoneOf(zone)}, 'YYYY-MM-DD')`;

/**
 * Which day (1..31) or month (1..12) of the period a session started in, in the member's zone: width_bucket
 * over the period's local boundaries, turned into instants once per statement, instead of a time zone
 * conversion per session (the year's grouping took a third less time in EXPLAIN ANALYZE, docs/decisions/0029).
 */
export const bucketWithin = (period: { from: DaySql; until: DaySql }, zone: ZoneSql, step: 'day' | 'month') =>
  sql<number>`width_bucket(${activityLogs.startedAt}, ARRAY(
    SELECT b AT TIME ZONE ${zoneOf(zone)}
    FROM generate_series(${period.from}::date::timestamp, ${period.until}::date::timestamp, ${sql.raw(`'1 ${step}'`)}::interval) b))`;
