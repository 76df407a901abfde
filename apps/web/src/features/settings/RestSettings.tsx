import { isQuietNow, type QuietHours } from '@orbit/contract';
import { useState } from 'react';
import type { UserProfile } from '../../api/types';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { TextField } from '../../ui/Field';
import styles from './Settings.module.css';
import { SwitchRow } from './SwitchRow';
import { useSaveSetting } from './useSaveSetting';

/** What a member who turns quiet hours on starts from: the night. */
export const DEFAULT_QUIET_HOURS: QuietHours = { start: '22:00', end: '07:00' };

/**
 * Quiet hours (decision 0044): off, or a window in the member's time zone with no sounds, no call popups and
 * a summary when it ends. A time is saved when it is complete and differs from the other end.
 */
export function QuietHoursSetting({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const hours = profile.quiet_hours ?? null;
  const [draft, setDraft] = useState<QuietHours | null>(null);
  const shown = draft ?? hours;
  const saveHours = async (next: QuietHours | null) => {
    setDraft(next);
    await save({ quiet_hours: next }, T.quietHours);
    setDraft(null);
  };
  const change = (end: keyof QuietHours, value: string) => {
    if (!shown || !value || value === shown[end === 'start' ? 'end' : 'start']) return;
    void saveHours({ ...shown, [end]: value });
  };
  const quietNow = isQuietNow(shown, profile.timezone, new Date());
  return (
    <section className={styles.group} aria-label={t(T.quietHours)}>
      <SwitchRow
        label={t(T.quietHours)}
        checked={shown !== null}
        onChange={(on) => void saveHours(on ? DEFAULT_QUIET_HOURS : null)}
      />
      <p className={styles.muted}>{t(T.quietHoursHint)}</p>
      {shown && (
        <>
          <div className={styles.pair}>
            <TextField
              type="time"
              label={t(T.quietHoursFrom)}
              value={shown.start}
              onChange={(event) => change('start', event.target.value)}
            />
            <TextField
              type="time"
              label={t(T.quietHoursUntil)}
              value={shown.end}
              onChange={(event) => change('end', event.target.value)}
            />
          </div>
          <p className={styles.muted} aria-live="polite">
            {t(quietNow ? T.quietHoursOnNow : T.quietHoursZone, positional(profile.timezone))}
          </p>
        </>
      )}
    </section>
  );
}

/** Wellbeing mode (decision 0044): the server leaves public counts and rankings out for this member. */
export function WellbeingSetting({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const [pending, setPending] = useState<boolean | null>(null);
  const toggle = async (on: boolean) => {
    setPending(on);
    await save({ wellbeing_mode: on }, T.wellbeingMode);
    setPending(null);
  };
  return (
    <section className={styles.group} aria-label={t(T.wellbeingMode)}>
      <SwitchRow
        label={t(T.wellbeingMode)}
        checked={pending ?? profile.wellbeing_mode ?? false}
        onChange={(on) => void toggle(on)}
      />
      <p className={styles.muted}>{t(T.wellbeingModeHint)}</p>
    </section>
  );
}
