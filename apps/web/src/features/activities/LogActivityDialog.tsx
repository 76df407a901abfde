import {
  ACTIVITY_LIMITS,
  ACTIVITY_TYPE_MAX,
  activityIconName,
  isKnownActivityType,
  STROKES_SESSION_TYPE,
  UnitPreference,
} from '@orbit/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useLogActivity } from '../../api/activities';
import { useMe } from '../../api/profiles';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import { SelectField, TextField } from '../../ui/Field';
import { showError } from '../../ui/popup';
import { confirmDone } from '../../ui/toast';
import styles from './Activities.module.css';

const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local value (the browser's own zone) for `date`. */
const localInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

const ACTIVITY_IDS = Array.from({ length: ACTIVITY_TYPE_MAX }, (_, i) => i + 1).filter(isKnownActivityType);

const whole = (value: string) => (value.trim() === '' ? undefined : Math.round(Number(value)));

/**
 * The member logs a session by hand: activity (1..122, no 71), start, minutes, calories, steps (strokes for
 * session type 69) and distance in their unit. The server checks every limit again.
 */
export function LogActivityDialog() {
  const { t } = useTranslation();
  const me = useMe();
  const log = useLogActivity();
  const miles = (me?.unit_preference ?? UnitPreference.IMPERIAL) === UnitPreference.IMPERIAL;
  const [activity, setActivity] = useState('1');
  const [minutes, setMinutes] = useState('30');
  const [start, setStart] = useState(() => localInput(new Date(Date.now() - 30 * MINUTE)));
  const [calories, setCalories] = useState('');
  const [steps, setSteps] = useState('');
  const [distance, setDistance] = useState('');
  const options = useMemo(
    () =>
      ACTIVITY_IDS.map((id) => ({
        value: String(id),
        label: t(`activity_icon.${activityIconName(id)}`),
      })).sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );
  const strokes = Number(activity) === STROKES_SESSION_TYPE;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startAt = new Date(start);
    log.mutate(
      {
        activity_type: Number(activity),
        start: startAt.toISOString(),
        duration_ms: Math.round(Number(minutes) * MINUTE),
        calories: whole(calories),
        steps: whole(steps),
        distance: distance.trim() === '' ? undefined : Number(distance),
        distance_unit: miles ? 'mile' : 'km',
      },
      {
        onSuccess: () => {
          confirmDone(T.activityLogged);
          return dialogBack();
        },
        onError: () => showError(T.unableToLogActivity, T.pleaseTryAgain),
      },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-busy={log.isPending}>
      <SelectField
        label={t(T.activityType)}
        options={options}
        value={activity}
        onChange={(event) => setActivity(event.target.value)}
        required
      />
      <div className={styles.formRow}>
        <TextField
          label={t(T.activityStart)}
          type="datetime-local"
          value={start}
          max={localInput(new Date())}
          onChange={(event) => setStart(event.target.value)}
          required
        />
        <TextField
          label={t(T.activityMinutes)}
          type="number"
          inputMode="numeric"
          min={1}
          max={ACTIVITY_LIMITS.durationMsMax / MINUTE}
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          required
        />
      </div>
      <div className={styles.formRow}>
        <TextField
          label={t(T.activityCalories)}
          type="number"
          inputMode="numeric"
          min={0}
          max={ACTIVITY_LIMITS.caloriesMax}
          value={calories}
          onChange={(event) => setCalories(event.target.value)}
        />
        <TextField
          label={t(strokes ? T.activityStrokes : T.activitySteps)}
          type="number"
          inputMode="numeric"
          min={0}
          max={ACTIVITY_LIMITS.stepsMax}
          value={steps}
          onChange={(event) => setSteps(event.target.value)}
        />
        <TextField
          label={t(T.activityDistanceIn, positional(t(miles ? T.distanceMile : T.distanceKm)))}
          type="number"
          inputMode="decimal"
          min={0}
          max={ACTIVITY_LIMITS.distanceMax}
          step={0.01}
          value={distance}
          onChange={(event) => setDistance(event.target.value)}
        />
      </div>
      <div className={styles.buttons}>
        <Button variant="secondary" type="button" onClick={() => dialogBack()}>
          {t(T.cancel)}
        </Button>
        <Button type="submit" disabled={log.isPending}>
          {t(T.activitySave)}
        </Button>
      </div>
    </form>
  );
}
