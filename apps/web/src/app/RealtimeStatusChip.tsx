import { useRealtimeStatus } from '../api/realtime';
import type { RealtimeStatus } from '../api/realtimeMachine';
import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import styles from './RealtimeStatusChip.module.css';

const LABELS: Record<RealtimeStatus, string> = {
  connecting: T.realtimeConnecting,
  live: T.realtimeLive,
  resuming: T.realtimeResuming,
  offline: T.realtimeOffline,
};

/** Which state the realtime connection is in, always visible (CONVENTIONS 14); quiet when live. */
export function RealtimeStatusChip() {
  const { t } = useTranslation();
  const status = useRealtimeStatus((s) => s.state.status);
  return (
    <p className={styles.chip} data-status={status} role="status" data-testid="realtime-status">
      <span className={styles.dot} aria-hidden="true" />
      {t(LABELS[status])}
    </p>
  );
}
