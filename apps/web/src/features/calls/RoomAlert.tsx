import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { isMediaAlert } from './mediaError';

/**
 * A call's or lesson's alert above its stage: a camera or microphone that failed says which and why, and
 * offers to ask for it again or to go on without it: listen only without a microphone, audio only without a
 * camera (the room goes on without the device meanwhile, so going on only puts the alert away).
 */
export function RoomAlert(props: { alert: string; className: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const [putAway, setPutAway] = useState<string | null>(null);
  if (putAway === props.alert) return null;
  const device = isMediaAlert(props.alert);
  return (
    <div className={props.className} role="alert">
      <span>{t(props.alert)}</span>
      {device && (
        <>
          <Button variant="secondary" onClick={props.onRetry}>
            {t(T.pleaseTryAgainCap)}
          </Button>
          <Button variant="ghost" onClick={() => setPutAway(props.alert)}>
            {t(props.alert.startsWith('media.microphone') ? T.mediaListenOnly : T.mediaAudioOnly)}
          </Button>
        </>
      )}
    </div>
  );
}
