import type { PlaceOpeners } from '../../app/places';
import { openHistory, openLeaderboard, openLogActivity } from './open';

export { ACTIVITY_ADDRESSES } from './open';

export const activityPlaces = {
  history: (params) => openHistory(params?.friendId),
  'log-activity': () => openLogActivity(),
  leaderboard: () => openLeaderboard(),
} satisfies Partial<PlaceOpeners>;
