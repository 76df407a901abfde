import { COUNTRY_CODES, STATES_BY_COUNTRY } from '@orbit/contract';
import type { SelectOption } from '../../ui/Field';

/** Country names come from the browser, in the member's language. */
export function countryOptions(lang = 'en'): SelectOption[] {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label),
  );
}

/** US states plus DC, then Canadian provinces and territories (docs/product/account-and-safety.md#profile-ranges). */
export const STATE_OPTIONS: readonly SelectOption[] = Object.values(STATES_BY_COUNTRY).flatMap((states) =>
  Object.entries(states).map(([value, label]) => ({ value, label })),
);

/** The 25 time zones offered (docs/product/account-and-safety.md#profile-ranges), west to east. */
export const TIMEZONES = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Denver',
  'America/Chicago',
  'America/New_York',
  'America/Halifax',
  'America/St_Johns',
  'America/Sao_Paulo',
  'Atlantic/Azores',
  'Europe/London',
  'Europe/Paris',
  'Europe/Athens',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Karachi',
  'Asia/Kolkata',
  'Asia/Dhaka',
  'Asia/Bangkok',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Noumea',
  'Pacific/Auckland',
] as const;

export function timezoneOptions(): SelectOption[] {
  return TIMEZONES.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ').replace('/', ' / ') }));
}
