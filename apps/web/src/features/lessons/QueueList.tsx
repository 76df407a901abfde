import type { SessionRoom } from '@orbit/contract';
import { useViewers } from '../../api/lessons';
import { useTranslation } from '../../i18n';
import styles from './Lessons.module.css';
import { queueLabel } from './rules';
import { S } from './texts';

/** The host's grant queue (docs/product/calls-and-lessons.md#mic-requests): "Next:", "2nd:"... in request order. */
export function QueueList({ room, communityId }: { room: SessionRoom; communityId: number }) {
  const { t } = useTranslation();
  const viewers = useViewers(communityId, room.session.id, room.is_host);
  const names = new Map((viewers.data?.viewers ?? []).map((v) => [v.user_id, v.name]));
  if (room.floor.pending.length === 0) return null;
  return (
    <ol className={styles.queue} aria-label={t(S.grantMic)}>
      {room.floor.pending.map((userId, index) => {
        const label = queueLabel(index);
        return (
          <li key={userId}>
            <span className={styles.queueLabel}>{t(label.key, label.params)}</span> {names.get(userId) ?? ''}
          </li>
        );
      })}
    </ol>
  );
}
