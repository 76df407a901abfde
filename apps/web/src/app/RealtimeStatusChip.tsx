import { useRealtimeStatus } from '../api/realtime';
import type { RealtimeStatus } from '../api/realtimeMachine';
import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import { useNetworkOnline } from './network';
import styles from './RealtimeStatusChip.module.css';

const LABELS: Record<RealtimeStatus, string> = {
  connecting: T.realtimeConnecting,
  live: T.realtimeLive,
  resuming: T.realtimeResuming,
  offline: T.realtimeOffline,
};

/**
 * Which state the realtime connection is in, always visible; quiet when live: a dot alone, its word left to
 * screen readers, so that it covers no star passing under the header on a phone. Without a network it says
 * so steadily, and that the screen is the last one seen (docs/decisions/0045).
 */
export function RealtimeStatusChip() {
  const { t } = useTranslation();
  const realtime = useRealtimeStatus((s) => s.state.status);
  const online = useNetworkOnline();
  const status = online ? realtime : 'offline';
  return (
    <p
      className={styles.chip}
      data-status={status}
      data-network={online ? 'online' : 'offline'}
      role="status"
      data-testid="realtime-status"
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.words}>{t(online ? LABELS[status] : T.networkOffline)}</span>
    </p>
  );
}
