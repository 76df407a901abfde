import { positional, useTranslation } from '../../i18n';
import { personName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import cardStyles from '../../ui/Card.module.css';
import styles from './Activities.module.css';

export interface ScoreRow {
  key: string | number;
  rank: number | null;
  name: string;
  imageUrl: string | null;
  /** The score as shown (a duration, points...). */
  value: string;
  isMe: boolean;
}

/**
 * The detail list of a leaderboard: rank, face, name and score, the member's own line marked. Shared by the
 * activity leaderboard and the moment leaderboards.
 */
export function ScoreList({ rows, label }: { rows: ScoreRow[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ol className={`${cardStyles.list} ${styles.list}`} aria-label={label}>
      {rows.map((row) => (
        <li key={row.key} className={styles.listRow} data-me={row.isMe}>
          <span className={styles.rank}>
            {row.rank === null ? t(T.leaderboardUnranked) : t(T.leaderboardRank, positional(row.rank))}
          </span>
          <span className={styles.who}>
            {/* A member without a picture shows their initials, as in every other list. */}
            <Avatar src={row.imageUrl} name={row.name} size={32} decorative />
            <span className={styles.whoName}>{personName(t, { name: row.name, isMe: row.isMe })}</span>
          </span>
          <span className={styles.duration}>{row.value}</span>
        </li>
      ))}
    </ol>
  );
}
