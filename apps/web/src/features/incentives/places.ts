import type { PlaceOpeners } from '../../app/places';
import { openIncentives, openMadnessHistory } from './open';

export { INCENTIVE_ADDRESSES } from './open';

export const incentivePlaces = {
  incentives: openIncentives,
  'madness-history': openMadnessHistory,
} satisfies Partial<PlaceOpeners>;
