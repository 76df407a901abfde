import { useLiveLessons } from '../../api/lessons';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { Button } from '../../ui/Button';
import styles from './Lessons.module.css';
import { S } from './texts';

/** The community page's stream icon with its live marker (docs/product/calls-and-lessons.md#lesson-list): opens the streaming rooms list. */
export function StreamEntry({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const live = useLiveLessons(communityId);
  const count = live.data?.sessions.length ?? 0;
  return (
    <Button variant="secondary" onClick={() => open('lesson-sessions', { communityId })}>
      {count > 0 && <span className={styles.liveDot} aria-hidden="true" />}
      {t(S.open)}
      {count > 0 && <span className="visually-hidden"> · {t(S.liveNow)}</span>}
    </Button>
  );
}
