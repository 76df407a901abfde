import { UI_TIMINGS } from '@orbit/contract';
import { useEffect, useId } from 'react';
import { useVersionCheck } from '../api/profiles';
import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import styles from './VersionGate.module.css';
import { APP_VERSION } from './version';

/** When GET /gv says this build is outdated: a modal about the update, then a reload after 5 s (docs/product/home-and-stars.md#version-check). */
export function VersionGate({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const outdated = useVersionCheck(APP_VERSION).data?.outdated === true;

  useEffect(() => {
    if (!outdated) return;
    const timer = setTimeout(reload, UI_TIMINGS.versionReloadDelayMs);
    return () => clearTimeout(timer);
  }, [outdated, reload]);

  if (!outdated) return null;
  return (
    <div className={styles.backdrop}>
      <div className={styles.modal} role="alertdialog" aria-modal="true" aria-labelledby={titleId}>
        <div className={styles.orbit} aria-hidden="true" />
        <h2 id={titleId}>{t(T.updateTitle)}</h2>
        <p>{t(T.updateMessage)}</p>
      </div>
    </div>
  );
}
