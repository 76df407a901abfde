import { PROFILE_RANGES, UnitPreference } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import {
  birthWith,
  birthYears,
  formatBirth,
  heightForDisplay,
  heightToMeters,
  parseBirth,
  rangeValues,
  weightForDisplay,
  weightRange,
  weightToKg,
} from './measures';

const { IMPERIAL, METRIC } = UnitPreference;

describe('height', () => {
  it('shows metres as whole centimetres in metric, within 120..280', () => {
    expect(heightForDisplay(1.778, METRIC)).toEqual({ unit: 'cm', cm: 178 });
    expect(heightForDisplay(1.0, METRIC)).toEqual({ unit: 'cm', cm: 120 });
    expect(heightForDisplay(3.1, METRIC)).toEqual({ unit: 'cm', cm: 280 });
  });

  it('shows feet and inches in imperial with 1 m = 39.3701 in', () => {
    expect(heightForDisplay(1.778, IMPERIAL)).toEqual({ unit: 'ftin', feet: 5, inches: 10 });
    expect(heightForDisplay(1.0, IMPERIAL)).toEqual({ unit: 'ftin', feet: 4, inches: 3 });
  });

  it('round-trips feet and inches through metres', () => {
    const meters = heightToMeters({ unit: 'ftin', feet: 5, inches: 10 });
    expect(meters).toBeCloseTo(70 / 39.3701, 6);
    expect(heightForDisplay(meters, IMPERIAL)).toEqual({ unit: 'ftin', feet: 5, inches: 10 });
    expect(heightToMeters({ unit: 'cm', cm: 178 })).toBe(1.78);
  });

  it('offers the spec ranges', () => {
    expect(rangeValues(PROFILE_RANGES.heightCm)).toHaveLength(161);
    expect(rangeValues(PROFILE_RANGES.heightFeet)).toEqual([4, 5, 6, 7, 8]);
    expect(rangeValues(PROFILE_RANGES.heightInches).at(-1)).toBe(12);
  });
});

describe('weight', () => {
  it('uses 20..150 kg in metric and 50..300 lb in imperial', () => {
    expect(weightRange(METRIC)).toEqual({ min: 20, max: 150 });
    expect(weightRange(IMPERIAL)).toEqual({ min: 50, max: 300 });
  });

  it('converts with 1 kg = 2.20462 lb and clamps into the range', () => {
    expect(weightForDisplay(68.0388, IMPERIAL)).toBe(150);
    expect(weightForDisplay(68.0388, METRIC)).toBe(68);
    expect(weightForDisplay(10, IMPERIAL)).toBe(50);
    expect(weightForDisplay(200, METRIC)).toBe(150);
    expect(weightToKg(150, IMPERIAL)).toBeCloseTo(150 / 2.20462, 6);
    expect(weightToKg(70, METRIC)).toBe(70);
  });
});

describe('date of birth', () => {
  it('lists 100 years back from the current year, newest first', () => {
    const years = birthYears(new Date(2026, 5, 1));
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1927);
  });

  it('is saved with the day picked, not day 01', () => {
    expect(formatBirth({ day: 17, month: 4, year: 1990 })).toBe('04/17/1990');
    expect(formatBirth({ day: 1, month: 12, year: 1990 })).toBe('12/01/1990');
  });

  it('fits a day past the end of the month picked to its last day', () => {
    expect(formatBirth({ day: 31, month: 2, year: 1990 })).toBe('02/28/1990');
    expect(formatBirth({ day: 31, month: 2, year: 1992 })).toBe('02/29/1992');
  });

  it('keeps the day when the month or the year is picked', () => {
    const born = parseBirth('17-04-1990');
    expect(formatBirth(birthWith(born, { month: 9 }))).toBe('09/17/1990');
    expect(formatBirth(birthWith(born, { year: 1988 }))).toBe('04/17/1988');
    expect(birthWith(null, { day: 5 }, new Date(2026, 0, 1))).toEqual({ day: 5, month: 1, year: 2026 });
  });

  it('reads the server form DD-MM-YYYY, ISO dates and the picker form', () => {
    expect(parseBirth('17-04-1990')).toEqual({ day: 17, month: 4, year: 1990 });
    expect(parseBirth('1990-04-17')).toEqual({ day: 17, month: 4, year: 1990 });
    expect(parseBirth('04/17/1990')).toEqual({ day: 17, month: 4, year: 1990 });
    expect(parseBirth(null)).toBeNull();
    expect(parseBirth('soon')).toBeNull();
  });
});
