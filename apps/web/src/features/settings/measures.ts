import {
  feetInchesToMeters,
  kgToLb,
  lbToKg,
  metersToFeetInches,
  PROFILE_RANGES,
  UnitPreference,
} from '@orbit/contract';

/** Height and weight as the editor shows them, in the member's units (docs/product/account-and-safety.md#profile-ranges); stored metric. */

export interface Range {
  min: number;
  max: number;
}

export function rangeValues({ min, max }: Range): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

export function clamp(value: number, { min, max }: Range): number {
  return Math.min(max, Math.max(min, value));
}

export const isMetric = (unit: number | null | undefined) => unit === UnitPreference.METRIC;

export type HeightInput = { unit: 'cm'; cm: number } | { unit: 'ftin'; feet: number; inches: number };

export function heightForDisplay(meters: number, unit: number | null | undefined): HeightInput {
  if (isMetric(unit)) return { unit: 'cm', cm: clamp(Math.round(meters * 100), PROFILE_RANGES.heightCm) };
  const { feet, inches } = metersToFeetInches(meters);
  return {
    unit: 'ftin',
    feet: clamp(feet, PROFILE_RANGES.heightFeet),
    inches: clamp(inches, PROFILE_RANGES.heightInches),
  };
}

export function heightToMeters(input: HeightInput): number {
  return input.unit === 'cm' ? input.cm / 100 : feetInchesToMeters(input.feet, input.inches);
}

export function weightRange(unit: number | null | undefined): Range {
  return isMetric(unit) ? PROFILE_RANGES.weightKg : PROFILE_RANGES.weightLb;
}

export function weightForDisplay(kg: number, unit: number | null | undefined): number {
  return clamp(Math.round(isMetric(unit) ? kg : kgToLb(kg)), weightRange(unit));
}

export function weightToKg(value: number, unit: number | null | undefined): number {
  return isMetric(unit) ? value : lbToKg(value);
}

/** Years listed in the birth picker: the spec's 100 years, counted back from the current year. */
export const BIRTH_YEARS_LISTED = 100;

export function birthYears(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  const oldest = Math.max(PROFILE_RANGES.birthYearMin, current - BIRTH_YEARS_LISTED + 1);
  return rangeValues({ min: oldest, max: current }).reverse();
}

export interface Birth {
  day: number;
  month: number;
  year: number;
}

/** How many days `month` (1..12) has in `year`. */
export const daysInMonth = (month: number, year: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The date of birth as the picker writes it, MM/DD/YYYY, with the day chosen (decision 0024, amended): a day
 * past the month's end (the 31st moved to February) becomes its last day.
 */
export function formatBirth({ day, month, year }: Birth): string {
  const fitted = Math.min(day, daysInMonth(month, year));
  return `${String(month).padStart(2, '0')}/${String(fitted).padStart(2, '0')}/${year}`;
}

/**
 * Reads the profile's date of birth: DD-MM-YYYY as the server answers it (docs/product/account-and-safety.md#profile), YYYY-MM-DD, or
 * MM/DD/YYYY as the picker writes it.
 */
export function parseBirth(value: string | null | undefined): Birth | null {
  if (!value) return null;
  const dmy = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(value);
  if (dmy) return { day: Number(dmy[1]), month: Number(dmy[2]), year: Number(dmy[3]) };
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(value);
  if (iso) return { day: Number(iso[3]), month: Number(iso[2]), year: Number(iso[1]) };
  const mdy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (mdy) return { day: Number(mdy[2]), month: Number(mdy[1]), year: Number(mdy[3]) };
  return null;
}

/** The date of birth after one of its pickers changed: the others keep their value, or start at 1 and now. */
export function birthWith(current: Birth | null, change: Partial<Birth>, now = new Date()): Birth {
  return { day: 1, month: 1, year: now.getFullYear(), ...current, ...change };
}
