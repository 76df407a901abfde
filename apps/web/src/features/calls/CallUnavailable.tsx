import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import styles from './Calls.module.css';
import type { CallRefusal } from './refusal';

/** Item 1: without a media server calls say so plainly; other failures say the call could not be joined. */
const REFUSAL_TITLES: Record<CallRefusal, string> = {
  unavailable: T.callUnavailableTitle,
  full: T.callFull,
  failed: T.callFailed,
};

export function CallUnavailable({ reason }: { reason: CallRefusal }) {
  const { t } = useTranslation();
  return (
    <div className={styles.state} role="status">
      <p className={styles.stateTitle}>{t(REFUSAL_TITLES[reason])}</p>
      {reason === 'unavailable' && <p className={styles.note}>{t(T.callMediaUnavailable)}</p>}
    </div>
  );
}
