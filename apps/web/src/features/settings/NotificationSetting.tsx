import { NotificationLevel } from '@orbit/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateNotificationLevel } from '../../api/profiles';
import type { UserProfile } from '../../api/types';
import { T } from '../../i18n/texts';
import { Segmented } from '../../ui/Field';
import { showError } from '../../ui/popup';
import styles from './Settings.module.css';

const FREQUENCIES = [
  { value: NotificationLevel.PARTIAL, label: T.notificationsPartial },
  { value: NotificationLevel.FULL, label: T.notificationsFull },
] as const;

/** The notification switch with its frequency PARTIAL or FULL; off is level 0 (002 §2, §3). */
export function NotificationSetting({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const switchId = useId();
  const update = useUpdateNotificationLevel();
  const level = update.isPending
    ? update.variables.level
    : (profile.notification_level ?? NotificationLevel.OFF);
  const setLevel = (next: number) =>
    update.mutate(
      { userId: profile.user_id, level: next },
      { onError: () => showError(T.unableToUpdateNotifications, T.pleaseTryAgainCap) },
    );

  return (
    <section className={styles.group} aria-labelledby={`${switchId}-title`}>
      <div className={styles.switchRow}>
        <label id={`${switchId}-title`} htmlFor={switchId}>
          {t(T.notificationsSetting)}
        </label>
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          aria-checked={level !== NotificationLevel.OFF}
          className={styles.switch}
          checked={level !== NotificationLevel.OFF}
          onChange={(event) =>
            setLevel(event.target.checked ? NotificationLevel.PARTIAL : NotificationLevel.OFF)
          }
        />
      </div>
      {level !== NotificationLevel.OFF && (
        <Segmented
          legend={t(T.notificationFrequency)}
          value={level}
          options={FREQUENCIES.map((option) => ({ value: option.value as number, label: t(option.label) }))}
          onChange={setLevel}
        />
      )}
    </section>
  );
}
