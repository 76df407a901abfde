import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import styles from './BusyIndicator.module.css';
import { useBusyStore } from './busy';

export function BusyIndicator() {
  const { t } = useTranslation();
  const busy = useBusyStore((s) => s.pending > 0);
  if (!busy) return null;
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t(T.loading)}</span>
    </div>
  );
}
