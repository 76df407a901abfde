import type { PlaceOpeners } from '../../app/places';
import { openIncentives } from './open';

export { INCENTIVE_ADDRESSES } from './open';

export const incentivePlaces = { incentives: openIncentives } satisfies Partial<PlaceOpeners>;
