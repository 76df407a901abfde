import type { PlaceOpeners } from '../../app/places';
import { openHistory, openLogActivity } from './open';

/** What other features may use of activities (docs/decisions/0059). */
export { default as activityStyles } from './Activities.module.css';
export { LoadError } from './LoadError';
export { ACTIVITY_ADDRESSES } from './open';
export { ScoreList, type ScoreRow } from './ScoreList';
export { WeekSummary } from './WeekSummary';

export const activityPlaces = {
  history: (params) => openHistory(params?.friendId),
  'log-activity': () => openLogActivity(),
} satisfies Partial<PlaceOpeners>;
