import type { PlaceOpeners } from '../../app/places';
import { openBackgroundStar, openTournamentProfile, openTournamentProgress } from './open';

export { TOURNAMENT_ADDRESSES } from './open';

export const tournamentPlaces = {
  'background-star': openBackgroundStar,
  'tournament-progress': ({ code, round }) => openTournamentProgress(code, round),
  'tournament-profile': ({ code, round, userId }) => openTournamentProfile(code, round, userId),
} satisfies Partial<PlaceOpeners>;
