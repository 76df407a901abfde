import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import { Button } from './Button';
import cardStyles from './Card.module.css';

/** A load that failed, in place: the spec's text and a 'Please Try Again' that loads it again. */
export function RetryAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={cardStyles.error}>
      <p>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t(T.pleaseTryAgainCap)}
      </Button>
    </div>
  );
}
