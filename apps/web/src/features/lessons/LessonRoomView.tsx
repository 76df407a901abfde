import { ErrorCode, type SessionRoom } from '@orbit/contract';
import { refusedWith } from '../../api/errors';
import { useLessonRoom } from '../../api/lessons';
import { useMe } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { Avatar } from '../../ui/Avatar';
import { Bye } from './Bye';
import styles from './Lessons.module.css';
import { LiveView } from './LiveView';
import { Replay } from './Replay';
import { roomMode } from './rules';
import { S } from './texts';

/** The lesson chat room (docs/product/calls-and-lessons.md#lesson-room): its host header, then live, ended or the recording by its state. */
export function LessonRoomView({
  lessonId,
  communityId,
  onReturn,
}: {
  lessonId: number;
  communityId: number;
  onReturn: () => void;
}) {
  const { t } = useTranslation();
  const room = useLessonRoom(lessonId);
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
    return <Bye text={kicked ? S.kicked : S.lessonHasEnded} onReturn={onReturn} />;
  }
  const data = room.data;
  const mode = roomMode(data.session.state);
  return (
    <div className={styles.room}>
      <HostHeader room={data} />
      {mode === 'live' && <LiveView room={data} communityId={communityId} me={me} onReturn={onReturn} />}
      {mode === 'ended' && <Bye text={S.lessonHasEnded} onReturn={onReturn} />}
      {mode === 'replay' && <Replay lesson={data.session} />}
    </div>
  );
}

function HostHeader({ room }: { room: SessionRoom }) {
  const { t } = useTranslation();
  const { session: lesson } = room;
  return (
    <header className={styles.hostHeader}>
      <Avatar src={lesson.instructor_image.value} name={lesson.instructor_screen_name} size={44} decorative />
      <div>
        <h3 className={styles.roomName}>{lesson.name}</h3>
        <p className={styles.muted}>
          {t(S.hostedBy)} {lesson.instructor_screen_name}
        </p>
      </div>
    </header>
  );
}
