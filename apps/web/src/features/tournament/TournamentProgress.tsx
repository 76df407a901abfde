import type { TournamentRound } from '@orbit/contract';
import { useState } from 'react';
import { useTournamentProgress } from '../../api/tournament';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import cardStyles from '../../ui/Card.module.css';
import { isClickable, notStarted, roundDates, roundLabel } from './rules';
import styles from './Tournament.module.css';
import { LoadError, PairCard } from './TournamentParts';

/**
 * The progress page (docs/product/tournament.md#rounds): the rounds as tabs (past rounds and the one under way clickable), then the
 * shown round's community pairs, each with its winner or TBD.
 */
export function TournamentProgress({ code, round }: { code: string | null; round: TournamentRound | null }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<TournamentRound | null>(round);
  const progress = useTournamentProgress(code, chosen);
  if (progress.isError && !progress.data) return <LoadError retry={() => progress.refetch()} />;
  const data = progress.data;
  if (!data) return <p className={cardStyles.muted}>{t(T.loading)}</p>;
  const shown = data.tournament_round as TournamentRound;
  return (
    <div className={styles.stack}>
      <p className={styles.season}>
        {t(T.tournamentSeasonName, positional(data.year))}
        {data.over && <span className={cardStyles.muted}> · {t(T.tournamentSeasonOver)}</span>}
      </p>
      <fieldset className={styles.tabs}>
        <legend className="visually-hidden">{t(T.tournamentRounds)}</legend>
        {data.rounds.map((r) => (
          <button
            key={r.round}
            type="button"
            className={styles.tab}
            data-state={r.state}
            aria-pressed={r.round === shown}
            disabled={!isClickable(r.state)}
            onClick={() => setChosen(r.round as TournamentRound)}
          >
            <span>{t(roundLabel(r.round))}</span>
            <span className={styles.tabDates}>{t(roundDates(r.round))}</span>
          </button>
        ))}
      </fieldset>
      <h3 className={styles.roundTitle}>
        {t(roundLabel(shown))} <span className={cardStyles.muted}>({t(roundDates(shown))})</span>
      </h3>
      {notStarted(data, shown) && <p className={cardStyles.muted}>{t(T.tournamentNotStarted)}</p>}
      {data.communities.length === 0 ? (
        <p className={cardStyles.empty}>{t(T.tournamentNoCommunities)}</p>
      ) : (
        <ol className={`${cardStyles.list} ${styles.pairs}`} aria-busy={progress.isFetching}>
          {data.communities.map((pair) => (
            <PairCard
              key={`${shown}:${pair.position}`}
              pair={pair}
              onUser={(user) =>
                open('tournament-profile', { code: data.code, round: shown, userId: user.id })
              }
            />
          ))}
        </ol>
      )}
    </div>
  );
}
