import { useMemo } from 'react';
import type { UserProfile } from '../../api/types';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { FieldGroup, SelectField } from '../../ui/Field';
import { PickerField } from '../../ui/PickerField';
import { birthYears, formatBirth, parseBirth, rangeValues } from './measures';
import { countryOptions, STATE_OPTIONS, timezoneOptions } from './places';
import { useSaveSetting } from './useSaveSetting';

const MONTHS = rangeValues({ min: 1, max: 12 });

/** Month and year of birth, saved together as MM/01/YYYY once both are chosen. */
export function BirthField({ profile }: { profile: UserProfile }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSetting();
  const birth = parseBirth(profile.date_of_birth);
  const monthName = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
    month: 'long',
    timeZone: 'UTC',
  });
  const saveBirth = (month: number | undefined, year: number | undefined) =>
    month && year && void save({ date_of_birth: formatBirth(month, year) }, T.settingDateOfBirth);
  return (
    <FieldGroup legend={t(T.dateOfBirth)}>
      <PickerField
        label={t(T.month)}
        name="birth_month"
        placeholder={t(T.notSet)}
        options={MONTHS.map((m) => ({
          value: String(m),
          label: monthName.format(Date.UTC(2000, m - 1, 15)),
        }))}
        value={birth ? String(birth.month) : ''}
        onChange={(value) => value && saveBirth(Number(value), birth?.year ?? new Date().getFullYear())}
      />
      <PickerField
        label={t(T.year)}
        name="birth_year"
        placeholder={t(T.notSet)}
        options={birthYears().map((y) => ({ value: String(y), label: String(y) }))}
        value={birth ? String(birth.year) : ''}
        onChange={(value) => value && saveBirth(birth?.month ?? 1, Number(value))}
      />
    </FieldGroup>
  );
}

export function CountryField({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const options = useMemo(() => countryOptions(), []);
  return (
    <SelectField
      label={t(T.country)}
      name="country"
      placeholder={t(T.notSet)}
      options={options}
      value={profile.address?.country ?? ''}
      onChange={(event) =>
        event.target.value && void save({ address: { country: event.target.value } }, T.settingCountry)
      }
    />
  );
}

export function StateField({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  return (
    <SelectField
      label={t(T.state)}
      name="state"
      placeholder={t(T.notSet)}
      options={STATE_OPTIONS}
      value={profile.address?.state ?? ''}
      onChange={(event) =>
        event.target.value && void save({ address: { state: event.target.value } }, T.settingState)
      }
    />
  );
}

export function TimezoneField({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const options = useMemo(() => timezoneOptions(), []);
  return (
    <SelectField
      label={t(T.timezone)}
      name="timezone"
      placeholder={t(T.notSet)}
      options={options}
      value={profile.timezone ?? ''}
      onChange={(event) =>
        event.target.value && void save({ timezone: event.target.value }, T.settingTimezone)
      }
    />
  );
}
