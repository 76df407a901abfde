import { TOURNAMENT_ROUNDS, tournamentSeasons } from '@orbit/contract';
import { useMemo, useState } from 'react';
import { useTournamentProgress } from '../../api/tournament';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { SelectField } from '../../ui/Field';
import { isClickable, roundDates, roundLabel } from './rules';
import styles from './Tournament.module.css';
import { LoadError } from './TournamentParts';

/** The intro page (docs/product/tournament.md#rounds): a season picker (back to 2020, docs/product/tournament.md#seasons), how battles are won, and the rounds. */
export function TournamentIntro() {
  const { t } = useTranslation();
  const seasons = useMemo(() => tournamentSeasons(new Date()), []);
  const [code, setCode] = useState(seasons[0]!.code);
  const progress = useTournamentProgress(code, null);
  const states = new Map(progress.data?.rounds.map((r) => [r.round, r.state]));
  return (
    <div className={styles.stack}>
      <SelectField
        label={t(T.tournamentSeason)}
        value={code}
        options={seasons.map((s) => ({
          value: s.code,
          label: t(T.tournamentSeasonName, positional(s.year)),
        }))}
        onChange={(event) => setCode(event.target.value)}
      />
      <p className={styles.lead}>{t(T.tournamentIntroText)}</p>
      {progress.data?.over && <p className={cardStyles.muted}>{t(T.tournamentSeasonOver)}</p>}
      {progress.isError && <LoadError retry={() => progress.refetch()} />}
      <section className={cardStyles.section} aria-labelledby="tournament-rounds">
        <h3 id="tournament-rounds" className={cardStyles.sectionTitle}>
          {t(T.tournamentRounds)}
        </h3>
        <ol className={`${cardStyles.list} ${styles.rounds}`}>
          {TOURNAMENT_ROUNDS.map((def) => {
            const state = states.get(def.round);
            return (
              <li key={def.round}>
                <button
                  type="button"
                  className={styles.roundRow}
                  data-state={state ?? 'loading'}
                  disabled={!state || !isClickable(state)}
                  onClick={() => open('tournament-progress', { code, round: def.round })}
                >
                  <span className={styles.roundName}>{t(roundLabel(def.round))}</span>
                  <span className={styles.roundDates}>{t(roundDates(def.round))}</span>
                  {state && !isClickable(state) && (
                    <span className={styles.badge}>{t(T.tournamentUpcoming)}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ol>
      </section>
      <Button
        block
        disabled={!progress.data}
        onClick={() => open('tournament-progress', { code, round: null })}
      >
        {t(T.tournamentSeeProgress)}
      </Button>
    </div>
  );
}
