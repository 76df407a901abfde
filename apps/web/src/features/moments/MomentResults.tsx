import type { MomentLeaderboardResponse, ReplayedSessionResponse } from '@orbit/contract';
import { useMe } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import cardStyles from '../../ui/Card.module.css';
import { ScoreList, type ScoreRow } from '../activities';
import styles from './Moments.module.css';

/** A score's rank: 1 + how many scored more; no score, no rank. */
function rankOf(score: number | null, scores: (number | null)[]): number | null {
  if (score === null) return null;
  return 1 + scores.filter((other) => other !== null && other > score).length;
}

/** A moment's results (GET /user/moments/leaderboard): the caller first, then by score, in the leaderboard list. */
export function MomentLeaderboard({ board }: { board: MomentLeaderboardResponse }) {
  const { t } = useTranslation();
  const me = useMe();
  const scores = board.leaderboard.map((entry) => entry.score);
  const rows: ScoreRow[] = board.leaderboard.map((entry) => ({
    key: entry.user_id,
    rank: rankOf(entry.score, scores),
    name: entry.identity,
    imageUrl: null,
    value: entry.score === null ? t(T.momentNoScore) : String(entry.score),
    isMe: entry.user_id === me?.user_id,
  }));
  return <ScoreList rows={rows} label={t(T.leaderboardTitle)} />;
}

const shown = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The recorded session a replay would play, as its figures. */
export function ReplayedSession({ session }: { session: ReplayedSessionResponse['replayed_session'] }) {
  const { t } = useTranslation();
  const entries = Object.entries(session ?? {});
  if (entries.length === 0) return <p className={cardStyles.empty}>{t(T.momentNoSession)}</p>;
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
