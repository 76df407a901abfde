import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import { Button } from '../ui/Button';
import styles from './Splash.module.css';

/** While the member is loaded; on failure, the spec's "unable to get user profile" and a retry. */
export function Splash({ failed = false, onRetry }: { failed?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <main className={styles.splash} aria-busy={!failed}>
      <div className={styles.logo} aria-hidden="true" />
      {failed ? (
        <div className={styles.failed} role="alert">
          <h1>{t(T.unableToGetProfile)}</h1>
          <p>{t(T.pleaseTryAgain)}</p>
          <Button onClick={onRetry}>{t(T.ok)}</Button>
        </div>
      ) : (
        <p className="visually-hidden">{t(T.loading)}</p>
      )}
    </main>
  );
}
