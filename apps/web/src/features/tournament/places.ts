import type { PlaceOpeners } from '../../app/places';
import { openBackgroundStar } from './open';

export { TOURNAMENT_ADDRESSES } from './open';

export const tournamentPlaces = { 'background-star': openBackgroundStar } satisfies Partial<PlaceOpeners>;
