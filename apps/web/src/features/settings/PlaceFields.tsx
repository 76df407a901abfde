import { useMemo } from 'react';
import type { UserProfile } from '../../api/types';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { FieldGroup, SelectField } from '../../ui/Field';
import { PickerField } from '../../ui/PickerField';
import {
  type Birth,
  birthWith,
  birthYears,
  daysInMonth,
  formatBirth,
  parseBirth,
  rangeValues,
} from './measures';
import { countryOptions, STATE_OPTIONS, timezoneOptions } from './regions';
import { useSaveSetting } from './useSaveSetting';

const MONTHS = rangeValues({ min: 1, max: 12 });

/** Day, month and year of birth, saved together as MM/DD/YYYY with the day picked (decision 0024). */
export function BirthField({ profile }: { profile: UserProfile }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSetting();
  const birth = parseBirth(profile.date_of_birth);
  const monthName = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
    month: 'long',
    timeZone: 'UTC',
  });
  const saveBirth = (change: Partial<Birth>) =>
    void save({ date_of_birth: formatBirth(birthWith(birth, change)) }, T.settingDateOfBirth);
  const days = rangeValues({ min: 1, max: birth ? daysInMonth(birth.month, birth.year) : 31 });
  return (
    <FieldGroup legend={t(T.dateOfBirth)}>
      <PickerField
        label={t(T.day)}
        name="birth_day"
        placeholder={t(T.notSet)}
        options={days.map((d) => ({ value: String(d), label: String(d) }))}
        value={birth ? String(birth.day) : ''}
        onChange={(value) => value && saveBirth({ day: Number(value) })}
      />
      <PickerField
        label={t(T.month)}
        name="birth_month"
        placeholder={t(T.notSet)}
        options={MONTHS.map((m) => ({
          value: String(m),
          label: monthName.format(Date.UTC(2000, m - 1, 15)),
        }))}
        value={birth ? String(birth.month) : ''}
        onChange={(value) => value && saveBirth({ month: Number(value) })}
      />
      <PickerField
        label={t(T.year)}
        name="birth_year"
        placeholder={t(T.notSet)}
        options={birthYears().map((y) => ({ value: String(y), label: String(y) }))}
        value={birth ? String(birth.year) : ''}
        onChange={(value) => value && saveBirth({ year: Number(value) })}
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
