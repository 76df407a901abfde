import { isOffline } from '../../api/client';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import styles from './Activities.module.css';

/**
 * A load that failed (docs/product/activities-and-leaderboards.md#summary): the screen's titled message plus try again while the connection is alive;
 * 'Oops' with the network connection message when the request never got an answer.
 */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const offline = isOffline(error);
  return (
    <div className={styles.error} role="alert">
      <strong>{t(offline ? T.oopsTitle : title)}</strong>
      <span>{t(offline ? T.networkError : T.pleaseTryAgain)}</span>
      <Button variant="secondary" onClick={onRetry}>
        {t(T.pleaseTryAgainCap)}
      </Button>
    </div>
  );
}
