import { ErrorCode, type SessionRoom } from '@orbit/contract';
import { refusedWith } from '../../api/errors';
import { useMe } from '../../api/profiles';
import { useSessionRoom } from '../../api/sessions';
import { useTranslation } from '../../i18n';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { LiveView } from './LiveView';
import { Replay } from './Replay';
import { roomMode } from './rules';
import styles from './Sessions.module.css';
import { S } from './texts';

/** The session chat room (002 §2): its host header, then live, ended or the recording by its state. */
export function SessionRoomView({
  sessionId,
  communityId,
  onReturn,
}: {
  sessionId: number;
  communityId: number;
  onReturn: () => void;
}) {
  const { t } = useTranslation();
  const room = useSessionRoom(sessionId);
  const me = useMe();
  if (room.isPending || !me) {
    return (
      <p className={styles.muted} role="status">
        {t(S.loading)}
      </p>
    );
  }
  if (room.isError) {
    const kicked = refusedWith(room.error, ErrorCode.kicked);
    return <Bye text={kicked ? S.kicked : S.sessionHasEnded} onReturn={onReturn} />;
  }
  const data = room.data;
  const mode = roomMode(data.session.state);
  return (
    <div className={styles.room}>
      <HostHeader room={data} />
      {mode === 'live' && <LiveView room={data} communityId={communityId} me={me} onReturn={onReturn} />}
      {mode === 'ended' && <Bye text={S.sessionHasEnded} onReturn={onReturn} />}
      {mode === 'replay' && <Replay session={data.session} />}
    </div>
  );
}

function HostHeader({ room }: { room: SessionRoom }) {
  const { t } = useTranslation();
  const { session } = room;
  return (
    <header className={styles.hostHeader}>
      <Avatar
        src={session.instructor_image.value}
        name={session.instructor_screen_name}
        size={44}
        decorative
      />
      <div>
        <h3 className={styles.roomName}>{session.name}</h3>
        <p className={styles.muted}>
          {t(S.hostedBy)} {session.instructor_screen_name}
        </p>
      </div>
    </header>
  );
}

/** The bye screen: ended, kicked, or the connection gone, with the way back (002 §2). */
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
