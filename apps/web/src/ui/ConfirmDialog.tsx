import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import { Button } from './Button';
import { dialogBack } from './dialogStore';
import layoutStyles from './Layout.module.css';

/**
 * The Yes/No confirmation (leave, remove, an invitation): the question, naming what it acts on, is the
 * dialog's title; a detail line may follow it.
 */
export function YesNo({ onYes, detail }: { onYes: () => void; detail?: string }) {
  const { t } = useTranslation();
  return (
    <div className={layoutStyles.stack}>
      {detail && <p>{detail}</p>}
      <div className={layoutStyles.buttons}>
        <Button variant="secondary" onClick={() => void dialogBack()}>
          {t(T.no)}
        </Button>
        <Button
          onClick={async () => {
            await dialogBack();
            onYes();
          }}
        >
          {t(T.yes)}
        </Button>
      </div>
    </div>
  );
}
