import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { isMediaAlert } from './mediaError';

/**
 * A call's or lesson's alert above its stage: a camera or microphone that failed says which and why, and
 * offers to ask for it again (the room goes on without it meanwhile).
 */
export function RoomAlert(props: { alert: string; className: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={props.className} role="alert">
      <span>{t(props.alert)}</span>
      {isMediaAlert(props.alert) && (
        <Button variant="secondary" onClick={props.onRetry}>
          {t(T.pleaseTryAgainCap)}
        </Button>
      )}
    </div>
  );
}
