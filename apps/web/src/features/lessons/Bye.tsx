import { useTranslation } from '../../i18n';
import { Button } from '../../ui/Button';
import styles from './Lessons.module.css';
import { S } from './texts';

/** The bye screen: ended, kicked, or the connection gone, with the way back (docs/product/calls-and-lessons.md#call-screen). */
export function Bye({ text, onReturn }: { text: string; onReturn: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.bye} role="status">
      <p className={styles.byeText}>{t(text)}</p>
      <Button variant="secondary" onClick={onReturn}>
        {t(S.returnToCommunity)}
      </Button>
    </div>
  );
}
