import { useEffect } from 'react';
import { useTranslation } from '../i18n';
import styles from './Toast.module.css';
import { TOAST_CLOSE_MS, useToastStore } from './toast';

/** The app's one confirmation line, announced politely to screen readers and gone after a few seconds. */
export function Toast() {
  const { t } = useTranslation();
  const current = useToastStore((s) => s.current);
  const close = useToastStore((s) => s.close);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => close(current.id), TOAST_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [current, close]);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {current && <p className={styles.toast}>{t(current.text, current.values)}</p>}
    </div>
  );
}
