import type { DeviceSessionsResponse } from '@orbit/contract';
import type { Static } from 'typebox';
import { useDevices, useSignOutDevices } from '../../api/security';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { confirmYesNo } from '../../ui/confirm';
import { timeAgoText } from '../../ui/TimeAgo';
import { confirmDone } from '../../ui/toast';
import { DeviceRow } from './DeviceRow';
import { deviceLabel } from './deviceName';
import styles from './Settings.module.css';

type Device = Static<typeof DeviceSessionsResponse>['sessions'][number];

/** This device first, then the others by when they were last seen. */
const byRecency = (a: Device, b: Device) =>
  Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at);

/** The member's devices (their sign-in sessions), each with Sign out, and Sign out all other devices. */
export function DevicesDialog() {
  const { t } = useTranslation();
  const devices = useDevices().data?.sessions;
  const signOut = useSignOutDevices();
  if (!devices) return null;
  const others = devices.filter((d) => !d.current);

  const askToSignOut = (device: Device, name: string) =>
    confirmYesNo(
      t(T.devicesSignOutQuestion, positional(name)),
      () =>
        signOut.mutate(device.session_id, {
          onSuccess: () => confirmDone(T.devicesSignedOut, positional(name)),
        }),
      t(T.devicesSignOutDetail),
    );
  const askToSignOutOthers = () =>
    confirmYesNo(
      t(T.devicesSignOutOthersQuestion),
      () => signOut.mutate(null, { onSuccess: () => confirmDone(T.devicesOthersSignedOut) }),
      t(T.devicesSignOutOthersDetail),
    );

  return (
    <div className={styles.stack}>
      <ul className={styles.rows} aria-label={t(T.devicesTitle)}>
        {[...devices].sort(byRecency).map((device) => {
          const name = deviceLabel(t, device.user_agent);
          return (
            <DeviceRow
              key={device.session_id}
              name={name}
              detail={
                device.current
                  ? t(T.devicesThisDevice)
                  : t(T.devicesLastSeen, positional(timeAgoText(t, device.last_seen_at)))
              }
              action={
                device.current
                  ? undefined
                  : {
                      label: t(T.devicesSignOut),
                      name: t(T.devicesSignOutNamed, positional(name)),
                      onClick: () => askToSignOut(device, name),
                    }
              }
            />
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Button variant="danger" block onClick={askToSignOutOthers}>
          {t(T.devicesSignOutOthers)}
        </Button>
      ) : (
        <p className={styles.muted}>{t(T.devicesNoOthers)}</p>
      )}
    </div>
  );
}
