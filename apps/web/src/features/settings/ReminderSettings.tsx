import { REMINDER_LIMITS, type RemindersBody, type RemindersResponse } from '@orbit/contract';
import { useState } from 'react';
import { useReminders, useSaveReminders, useSaveWeeklyGoal, useWeeklyGoal } from '../../api/reminders';
import type { UserProfile } from '../../api/types';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { TextField } from '../../ui/Field';
import { usePopupStore } from '../../ui/popup';
import { RetryAlert } from '../../ui/RetryAlert';
import { confirmDone } from '../../ui/toast';
import styles from './Settings.module.css';
import { SwitchRow } from './SwitchRow';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const SHORT = [
  T.weekdayShort1,
  T.weekdayShort2,
  T.weekdayShort3,
  T.weekdayShort4,
  T.weekdayShort5,
  T.weekdayShort6,
  T.weekdayShort7,
];
const LONG = [T.weekday1, T.weekday2, T.weekday3, T.weekday4, T.weekday5, T.weekday6, T.weekday7];

/** A save that failed says which setting, as every other setting does (docs/product/account-and-safety.md#profile). */
function useFailure() {
  const { t } = useTranslation();
  return (setting: string) =>
    usePopupStore
      .getState()
      .show({ title: T.unableToChange, message: T.pleaseTryAgain, values: positional(t(setting)) });
}

/**
 * Settings > Reminders (decision 0054): the daily mood check-in and the activity reminder, each a switch, a
 * local time and (the activity's) its weekdays. Each change is saved at once; the server works out when it
 * is next due.
 */
export function ReminderSettings({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const reminders = useReminders();
  const save = useSaveReminders();
  const failed = useFailure();
  const change = async (body: RemindersBody) => {
    try {
      await save.mutateAsync(body);
      confirmDone(T.saved);
    } catch {
      failed(T.reminders);
    }
  };
  return (
    <section className={styles.group} aria-labelledby="reminders-title" aria-busy={reminders.isPending}>
      <h2 id="reminders-title" className={styles.sectionTitle}>
        {t(T.reminders)}
      </h2>
      {reminders.isPending && <p className={styles.muted}>{t(T.loading)}</p>}
      {reminders.isError && (
        <RetryAlert text={t(T.remindersLoadFailed)} onRetry={() => void reminders.refetch()} />
      )}
      {reminders.data && <ReminderRows value={reminders.data} onChange={(body) => void change(body)} />}
      <p className={styles.muted}>{t(T.remindersHint, positional(profile.timezone))}</p>
    </section>
  );
}

function ReminderRows({
  value,
  onChange,
}: {
  value: RemindersResponse;
  onChange: (body: RemindersBody) => void;
}) {
  const { t } = useTranslation();
  const { mood, activity } = value;
  const toggleDay = (day: number) => {
    const days = activity.days.includes(day)
      ? activity.days.filter((d) => d !== day)
      : [...activity.days, day];
    onChange({ activity: { days: days.sort() } });
  };
  return (
    <>
      <div className={styles.reminder}>
        <SwitchRow
          label={t(T.moodReminder)}
          checked={mood.enabled}
          onChange={(on) => onChange({ mood: { enabled: on } })}
        />
        {mood.enabled && (
          <ClockField
            label={t(T.reminderMoodTime)}
            value={mood.time}
            onSave={(time) => onChange({ mood: { time } })}
          />
        )}
      </div>
      <div className={styles.reminder}>
        <SwitchRow
          label={t(T.activityReminder)}
          checked={activity.enabled}
          onChange={(on) => onChange({ activity: { enabled: on } })}
        />
        {activity.enabled && (
          <>
            <ClockField
              label={t(T.reminderActivityTime)}
              value={activity.time}
              onSave={(time) => onChange({ activity: { time } })}
            />
            <fieldset className={styles.days}>
              <legend className={styles.daysLegend}>{t(T.reminderDays)}</legend>
              {WEEKDAYS.map((day) => (
                <button
                  key={day}
                  type="button"
                  className={styles.day}
                  aria-pressed={activity.days.includes(day)}
                  onClick={() => toggleDay(day)}
                >
                  <span aria-hidden="true">{t(SHORT[day - 1])}</span>
                  <span className="visually-hidden">{t(LONG[day - 1])}</span>
                </button>
              ))}
            </fieldset>
          </>
        )}
      </div>
    </>
  );
}

/** A local time, saved once complete: a time input gives '' while it is being typed. */
function ClockField({
  label,
  value,
  onSave,
}: {
  label: string;
  value: string;
  onSave: (time: string) => void;
}) {
  return (
    <TextField
      type="time"
      label={label}
      value={value}
      onChange={(event) => {
        const time = event.target.value;
        if (/^\d\d:\d\d$/.test(time) && time !== value) onSave(time);
      }}
    />
  );
}

/**
 * The weekly goal (decision 0054): off, or active minutes a week. Only its member sees it, as a ring around
 * their own star; a week that falls short is never pointed out.
 */
export function WeeklyGoalSetting() {
  const { t } = useTranslation();
  const goal = useWeeklyGoal();
  const save = useSaveWeeklyGoal();
  const failed = useFailure();
  const [draft, setDraft] = useState<string | null>(null);
  const minutes = goal.data?.weekly_active_minutes ?? null;
  const store = async (value: number | null) => {
    try {
      await save.mutateAsync({ weekly_active_minutes: value });
      setDraft(null);
      confirmDone(T.saved);
    } catch {
      failed(T.weeklyGoal);
    }
  };
  const text = draft ?? (minutes === null ? '' : String(minutes));
  const number = Number(text);
  const valid =
    Number.isInteger(number) && number >= REMINDER_LIMITS.goalMin && number <= REMINDER_LIMITS.goalMax;
  const commit = () => {
    if (draft !== null && valid && number !== minutes) void store(number);
  };
  return (
    <section className={styles.group} aria-label={t(T.weeklyGoal)} aria-busy={goal.isPending}>
      {goal.isPending && <p className={styles.muted}>{t(T.loading)}</p>}
      {goal.isError && <RetryAlert text={t(T.weeklyGoalLoadFailed)} onRetry={() => void goal.refetch()} />}
      {goal.data && (
        <>
          <SwitchRow
            label={t(T.weeklyGoal)}
            checked={minutes !== null}
            onChange={(on) => void store(on ? 150 : null)}
          />
          {minutes !== null && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                commit();
              }}
            >
              <TextField
                type="number"
                inputMode="numeric"
                min={REMINDER_LIMITS.goalMin}
                max={REMINDER_LIMITS.goalMax}
                step={1}
                label={t(T.weeklyGoalMinutes)}
                value={text}
                hint={t(T.weeklyGoalRange)}
                error={draft !== null && !valid ? t(T.weeklyGoalRange) : undefined}
                onChange={(event) => setDraft(event.target.value)}
                onBlur={commit}
              />
            </form>
          )}
        </>
      )}
      <p className={styles.muted}>{t(T.weeklyGoalHint)}</p>
    </section>
  );
}
