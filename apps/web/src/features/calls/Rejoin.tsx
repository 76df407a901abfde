import { leaveCall } from '../../api/calls';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import layoutStyles from '../../ui/Layout.module.css';

/**
 * A call reopened from its address (a reload, Forward, a link) asks before it joins: the camera and the
 * microphone never turn on without the member's say (docs/decisions/0042). Leave tells the server so, as the
 * call screen's Leave does; it is best effort, the call may be over already.
 */
export function Rejoin({ callId, onRejoin }: { callId: number; onRejoin: () => void }) {
  const { t } = useTranslation();
  const leave = () => {
    leaveCall(callId).catch(() => undefined);
    void dialogBack();
  };
  return (
    <div className={layoutStyles.buttons}>
      <Button variant="secondary" onClick={leave}>
        {t(T.callLeave)}
      </Button>
      <Button onClick={onRejoin}>{t(T.callRejoin)}</Button>
    </div>
  );
}
