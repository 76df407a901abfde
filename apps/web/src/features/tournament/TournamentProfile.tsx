import type { TournamentRound } from '@orbit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMe } from '../../api/profiles';
import { highFive, tournamentUserImageUrl, useTournamentProgress } from '../../api/tournament';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { showFailure } from '../social';
import { findUser, sideOf } from './rules';
import styles from './Tournament.module.css';
import { LoadError } from './TournamentParts';

/** A member's tournament profile (docs/product/tournament.md#pages, #bracket): picture, identity, blurb, community, battles won, state, h5. */
export function TournamentProfile({
  code,
  round,
  userId,
}: {
  code: string;
  round: TournamentRound;
  userId: number;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const me = useMe();
  const progress = useTournamentProgress(code, round);
  if (progress.isError && !progress.data) return <LoadError retry={() => progress.refetch()} />;
  const user = findUser(progress.data, userId);
  if (!progress.data) return <p className={cardStyles.muted}>{t(T.loading)}</p>;
  if (!user) return <p className={cardStyles.empty}>{t(T.tournamentNoCommunities)}</p>;
  const side = sideOf(progress.data, userId);
  const mayHighFive = !progress.data.over && me?.user_id !== user.id && !user.high_fived;
  const give = () =>
    highFive(client, code, user).catch((error) =>
      showFailure(error, T.unableToHighFive, T.pleaseTryAgainCap),
    );
  return (
    <div className={styles.profile}>
      <Avatar src={tournamentUserImageUrl(user)} name={user.identity} size={96} />
      <h3 className={styles.profileName}>{user.identity}</h3>
      {side?.name && <p className={cardStyles.muted}>{side.name}</p>}
      {user.blurb && <p className={styles.blurb}>{user.blurb}</p>}
      <ul className={styles.facts}>
        <li className={styles.state} data-state={user.state}>
          {t(`tournament.state.${user.state}`)}
        </li>
        <li>{t(T.tournamentBattlesWon, positional(user.battle_won))}</li>
        {user.h5 !== undefined && <li aria-live="polite">{t(T.tournamentHighFives, positional(user.h5))}</li>}
      </ul>
      <Button onClick={give} disabled={!mayHighFive} aria-pressed={user.high_fived}>
        {t(T.tournamentHighFive)}
      </Button>
    </div>
  );
}
