import type { PlaceOpeners } from '../../app/places';
import { openHistory, openLogActivity } from './open';

export { ACTIVITY_ADDRESSES } from './open';

export const activityPlaces = {
  history: (params) => openHistory(params?.friendId),
  'log-activity': () => openLogActivity(),
} satisfies Partial<PlaceOpeners>;
