import type { MomentLeaderboardResponse, ReplayedSessionResponse } from '@orbit/contract';
import { useTranslation } from 'react-i18next';
import { T } from '../../i18n/texts';
import styles from './Moments.module.css';

/** A moment's results (GET /user/moments/leaderboard): the caller first, then by score. */
export function MomentLeaderboard({ board }: { board: MomentLeaderboardResponse }) {
  const { t } = useTranslation();
  return (
    <ol className={styles.board} aria-label={t(T.leaderboardTitle)}>
      {board.leaderboard.map((entry) => (
        <li key={entry.user_id} className={styles.boardRow}>
          <span className={styles.boardName}>{entry.identity}</span>
          <span className={styles.boardScore}>{entry.score ?? t(T.momentNoScore)}</span>
        </li>
      ))}
    </ol>
  );
}

const shown = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The recorded session a replay would play, as its figures. */
export function ReplayedSession({ session }: { session: ReplayedSessionResponse['replayed_session'] }) {
  const { t } = useTranslation();
  const entries = Object.entries(session ?? {});
  if (entries.length === 0) return <p className={styles.empty}>{t(T.momentNoSession)}</p>;
  return (
    <dl className={styles.session}>
      {entries.map(([name, value]) => (
        <div key={name} className={styles.sessionRow}>
          <dt>{name}</dt>
          <dd>{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
