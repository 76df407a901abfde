import {
  COUNTRY_CODES,
  clockMinutes,
  MOOD_MAX,
  MOOD_MIN,
  PROFILE_RANGES,
  PROFILE_TEXT_LIMITS,
  type QuietHours,
  STATES_BY_COUNTRY,
} from '@orbit/contract';
import { badRequest } from '../../platform/errors';

const outOfRange = (message: string) => badRequest('out_of_range', message);
const invalid = (message: string) => badRequest('validation', message);

/** A first or last name: trimmed, non-empty, at most 50 characters. */
export function personName(value: string, field: string): string {
  const name = value.trim();
  if (name.length === 0) throw invalid(`${field} must not be empty`);
  if (name.length > PROFILE_TEXT_LIMITS.name) {
    throw outOfRange(`${field} is longer than ${PROFILE_TEXT_LIMITS.name} characters`);
  }
  return name;
}

const DATE_FORMATS: { pattern: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }[] = [
  { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['m', 'd', 'y'] }, // the picker's MM/01/YYYY
  { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: ['d', 'm', 'y'] }, // docs/product/account-and-safety.md#profile: day-month-year text
  { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ['y', 'm', 'd'] },
];

/** The latest calendar date anywhere on Earth (UTC+14): nobody's "today" is refused as the future. */
function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

/** A date of birth in any accepted text form, as YYYY-MM-DD; year 1900..this year, never in the future. */
export function parseDateOfBirth(text: string, now = new Date()): string {
  const format = DATE_FORMATS.find((f) => f.pattern.test(text.trim()));
  if (!format) throw invalid('date_of_birth must be MM/DD/YYYY, DD-MM-YYYY or YYYY-MM-DD');
  const parts = format.pattern.exec(text.trim())!.slice(1).map(Number);
  const at = (unit: 'y' | 'm' | 'd') => parts[format.order.indexOf(unit)];
  const [year, month, day] = [at('y'), at('m'), at('d')];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw invalid('date_of_birth is not a calendar date');
  }
  const iso = date.toISOString().slice(0, 10);
  if (year < PROFILE_RANGES.birthYearMin || year > now.getUTCFullYear() || iso > latestToday(now)) {
    throw outOfRange(`The year of birth must be from ${PROFILE_RANGES.birthYearMin} to this year`);
  }
  return iso;
}

/** Rounding slack for values converted from imperial units on the client. */
const EPSILON = 1e-9;
function inRange(value: number, min: number, max: number, message: string): number {
  if (!Number.isFinite(value) || value < min - EPSILON || value > max + EPSILON) throw outOfRange(message);
  return value;
}

/** One range covers both pickers: metric 120..280 cm, imperial 4 ft 0 in..8 ft 12 in (1.22..2.74 m). */
export function heightMeter(value: number): number {
  const { min, max } = PROFILE_RANGES.heightCm;
  return inRange(value, min / 100, max / 100, `height_meter must be from ${min / 100} to ${max / 100}`);
}

/** Metric 20..150 kg; the imperial picker's 50..300 lb (22.7..136.1 kg) lies inside it. */
export function weightKg(value: number): number {
  const { min, max } = PROFILE_RANGES.weightKg;
  return inRange(value, min, max, `weight_kg must be from ${min} to ${max}`);
}

export function measurementUnit(value: number): number {
  if (value !== 1 && value !== 2) throw outOfRange('measurement_unit must be 1 (imperial) or 2 (metric)');
  return value;
}

export function countryCode(value: string): string {
  const code = value.trim().toUpperCase();
  if (!COUNTRY_CODES.includes(code)) throw invalid('country must be an ISO 3166 alpha-2 code');
  return code;
}

/** A state: a postal code from the picker's list for the US and Canada, free text elsewhere. */
export function stateFor(country: string, value: string): string {
  const state = value.trim();
  const known = STATES_BY_COUNTRY[country];
  if (known) {
    const code = state.toUpperCase();
    if (!(code in known)) throw invalid(`state must be one of the ${country} codes`);
    return code;
  }
  if (state.length === 0) throw invalid('state must not be empty');
  if (state.length > PROFILE_TEXT_LIMITS.stateName) throw outOfRange('state is too long');
  return state;
}

/** An IANA time zone, stored under its canonical name (so "europe/paris" is kept as "Europe/Paris"). */
export function timezone(value: string): string {
  const refusal = invalid('timezone must be an IANA time zone');
  // Newer engines also take UTC offsets such as "+01:00", which are not zones (no daylight saving rules).
  if (!/^[A-Za-z]/.test(value.trim())) throw refusal;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    throw refusal;
  }
}

export function tagNotes(value: string): string {
  if (value.length > PROFILE_TEXT_LIMITS.tagNotes) {
    throw outOfRange(`tag_notes is longer than ${PROFILE_TEXT_LIMITS.tagNotes} characters`);
  }
  return value;
}

export function mood(value: number): number {
  return inRange(value, MOOD_MIN, MOOD_MAX, `mood must be from ${MOOD_MIN} to ${MOOD_MAX}`);
}

/** Mood tags: trimmed, blank and repeated (case-insensitive) ones dropped, each at most 280 characters. */
export function moodTags(values: string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of values) {
    const tag = raw.trim();
    if (tag.length === 0 || seen.has(tag.toLowerCase())) continue;
    if (tag.length > PROFILE_TEXT_LIMITS.tag) {
      throw outOfRange(`A tag is longer than ${PROFILE_TEXT_LIMITS.tag} characters`);
    }
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Quiet hours as minutes after midnight; a window that starts where it ends would be no window at all. */
export function quietHours(value: QuietHours): { start: number; end: number } {
  const start = clockMinutes(value.start);
  const end = clockMinutes(value.end);
  if (start === null || end === null) throw invalid('quiet_hours start and end are HH:MM, 00:00 to 23:59');
  if (start === end) throw invalid('quiet_hours must end at another time than they start');
  return { start, end };
}
