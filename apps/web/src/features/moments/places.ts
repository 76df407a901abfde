import type { PlaceOpeners } from '../../app/places';
import { openMoments } from './open';

export { MOMENT_ADDRESSES } from './open';

export const momentPlaces = { moments: () => openMoments() } satisfies Partial<PlaceOpeners>;
