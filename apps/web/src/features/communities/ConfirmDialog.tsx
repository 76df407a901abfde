import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import layoutStyles from '../../ui/Layout.module.css';

/** The Yes/No confirmation (leave, "Are you sure?", an invitation): the question is the dialog's title. */
export function YesNo({ onYes }: { onYes: () => void }) {
  const { t } = useTranslation();
  return (
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
  );
}
