import { NotificationLevel } from '@orbit/contract';
import { useId } from 'react';
import { useUpdateNotificationLevel } from '../../api/profiles';
import type { UserProfile } from '../../api/types';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Segmented } from '../../ui/Field';
import { showError } from '../../ui/popup';
import styles from './Settings.module.css';
import { SwitchRow } from './SwitchRow';

const FREQUENCIES = [
  { value: NotificationLevel.PARTIAL, label: T.notificationsPartial },
  { value: NotificationLevel.FULL, label: T.notificationsFull },
] as const;

/** The notification switch with its frequency PARTIAL or FULL; off is level 0 (docs/product/account-and-safety.md#profile). */
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
      <SwitchRow
        label={t(T.notificationsSetting)}
        labelId={`${switchId}-title`}
        checked={level !== NotificationLevel.OFF}
        onChange={(on) => setLevel(on ? NotificationLevel.PARTIAL : NotificationLevel.OFF)}
      />
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
