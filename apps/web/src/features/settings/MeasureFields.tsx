import { PROFILE_RANGES, UnitPreference } from '@orbit/contract';
import { useEffect, useState } from 'react';
import type { UserProfile } from '../../api/types';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { FieldGroup, Segmented, type SelectOption } from '../../ui/Field';
import { PickerField } from '../../ui/PickerField';
import {
  type HeightInput,
  heightForDisplay,
  heightToMeters,
  isMetric,
  type Range,
  rangeValues,
  weightForDisplay,
  weightRange,
  weightToKg,
} from './measures';
import { useSaveSetting } from './useSaveSetting';

const numberOptions = (range: Range, unit: string): SelectOption[] =>
  rangeValues(range).map((n) => ({ value: String(n), label: `${n} ${unit}` }));

/** Height in cm, or feet and inches, saved as height_meter. */
export function HeightField({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const unit = profile.unit_preference;
  const shown = profile.height_meter ? heightForDisplay(profile.height_meter, unit) : null;
  const saveHeight = (input: HeightInput) =>
    void save({ height_meter: Number(heightToMeters(input).toFixed(4)) }, T.settingHeight);

  if (isMetric(unit)) {
    return (
      <PickerField
        label={`${t(T.height)} (cm)`}
        name="height_cm"
        placeholder={t(T.notSet)}
        options={numberOptions(PROFILE_RANGES.heightCm, 'cm')}
        value={shown?.unit === 'cm' ? String(shown.cm) : ''}
        onChange={(value) => value && saveHeight({ unit: 'cm', cm: Number(value) })}
      />
    );
  }
  return <FeetInchesField saved={shown?.unit === 'ftin' ? shown : null} saveHeight={saveHeight} />;
}

/** Feet and inches: two pickers saved together as one height. */
function FeetInchesField({
  saved,
  saveHeight,
}: {
  saved: { feet: number; inches: number } | null;
  saveHeight: (input: HeightInput) => void;
}) {
  const { t } = useTranslation();
  // The member's picks are kept locally: a second pick made before the first save answers must not be
  // combined with the profile's stale value.
  const [draft, setDraft] = useState<{ feet: number | null; inches: number | null }>({
    feet: saved?.feet ?? null,
    inches: saved?.inches ?? null,
  });
  useEffect(
    () => setDraft({ feet: saved?.feet ?? null, inches: saved?.inches ?? null }),
    [saved?.feet, saved?.inches],
  );
  const { feet, inches } = draft;
  const saveFeetInches = (nextFeet: number | null, nextInches: number | null) => {
    setDraft({ feet: nextFeet, inches: nextInches });
    saveHeight({
      unit: 'ftin',
      feet: nextFeet ?? PROFILE_RANGES.heightFeet.min,
      inches: nextInches ?? PROFILE_RANGES.heightInches.min,
    });
  };
  return (
    <FieldGroup legend={t(T.height)}>
      <PickerField
        label={t(T.feet)}
        name="height_feet"
        placeholder={t(T.notSet)}
        options={numberOptions(PROFILE_RANGES.heightFeet, 'ft')}
        value={feet === null ? '' : String(feet)}
        onChange={(value) => value && saveFeetInches(Number(value), inches)}
      />
      <PickerField
        label={t(T.inches)}
        name="height_inches"
        placeholder={t(T.notSet)}
        options={numberOptions(PROFILE_RANGES.heightInches, 'in')}
        value={inches === null ? '' : String(inches)}
        onChange={(value) => value && saveFeetInches(feet, Number(value))}
      />
    </FieldGroup>
  );
}

/** Weight in kg or lb, saved as weight_kg. */
export function WeightField({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const unit = profile.unit_preference;
  const symbol = isMetric(unit) ? 'kg' : 'lb';
  return (
    <PickerField
      label={`${t(T.weight)} (${symbol})`}
      name="weight"
      placeholder={t(T.notSet)}
      options={numberOptions(weightRange(unit), symbol)}
      value={profile.weight_kg ? String(weightForDisplay(profile.weight_kg, unit)) : ''}
      onChange={(value) =>
        value && void save({ weight_kg: Number(weightToKg(Number(value), unit).toFixed(3)) }, T.settingWeight)
      }
    />
  );
}

/** Imperial or metric: switches the units every measure above is shown in. */
export function UnitField({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  return (
    <Segmented
      legend={t(T.unitPreference)}
      value={isMetric(profile.unit_preference) ? UnitPreference.METRIC : UnitPreference.IMPERIAL}
      options={[
        { value: UnitPreference.IMPERIAL, label: t(T.imperial) },
        { value: UnitPreference.METRIC, label: t(T.metric) },
      ]}
      onChange={(measurement_unit) => void save({ measurement_unit }, T.settingUnitPreference)}
    />
  );
}
