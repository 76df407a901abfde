import type { TournamentPair, TournamentSide, TournamentUser } from '@orbit/contract';
import { useEffect } from 'react';
import { tournamentUserImageUrl } from '../../api/tournament';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import cardStyles from '../../ui/Card.module.css';
import { showError } from '../../ui/popup';
import { RetryAlert } from '../../ui/RetryAlert';
import { CommunityIcon } from '../communities';
import { minutesOf } from './rules';
import styles from './Tournament.module.css';

/** docs/product/tournament.md#pages: 'Unable to get tournament data' / 'Please try again', as a popup once and in place with a retry. */
export function LoadError({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => showError(T.unableToGetTournament, T.pleaseTryAgainCap), []);
  return <RetryAlert text={t(T.unableToGetTournament)} onRetry={retry} />;
}

function Side({ side, onUser }: { side: TournamentSide; onUser: (user: TournamentUser) => void }) {
  const { t } = useTranslation();
  if (side.community_id === null || side.name === null) {
    return (
      <div className={styles.side} data-empty="true">
        <span className={styles.sideName}>{t(side.bye ? T.tournamentBye : T.tournamentTbd)}</span>
      </div>
    );
  }
  return (
    <div className={styles.side}>
      <div className={styles.sideHead}>
        <CommunityIcon face={{ ...side, name: side.name }} size={36} />
        <span className={styles.sideName}>{side.name}</span>
      </div>
      <p className={styles.figures}>
        <span>{t(T.tournamentMinutes, positional(minutesOf(side.score)))}</span>
        <span>{t(T.tournamentBattlesWon, positional(side.battle_won))}</span>
      </p>
      {side.users.length > 0 && (
        <ul className={styles.users} aria-label={t(T.tournamentMembersOf, positional(side.name))}>
          {side.users.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                className={styles.userButton}
                onClick={() => onUser(user)}
                aria-label={user.identity}
              >
                <Avatar src={tournamentUserImageUrl(user)} name={user.identity} size={32} decorative />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One pair of the round: both sides, then its winner or TBD (docs/product/tournament.md#pages). */
export function PairCard({ pair, onUser }: { pair: TournamentPair; onUser: (user: TournamentUser) => void }) {
  const { t } = useTranslation();
  const [home, away] = pair.participants;
  const onlyOne = pair.participants.some((s) => s.bye);
  return (
    <li className={cardStyles.card}>
      <div className={styles.sides}>
        {home && <Side side={home} onUser={onUser} />}
        <span className={styles.vs} aria-hidden="true">
          {t(T.tournamentVs)}
        </span>
        {away && <Side side={away} onUser={onUser} />}
      </div>
      {!onlyOne && (
        <p className={styles.winner} data-decided={pair.name !== null}>
          {pair.name !== null ? t(T.tournamentWinner, positional(pair.name)) : t(T.tournamentTbd)}
        </p>
      )}
    </li>
  );
}
