import type { PlaceOpeners } from '../../app/places';
import { openMomentCreate, openMomentLeaderboard, openMoments, replayMoment } from './open';

export { MOMENT_ADDRESSES } from './open';

export const momentPlaces = {
  moments: () => openMoments(),
  'moment-create': (params) => openMomentCreate(params?.original),
  'moment-leaderboard': openMomentLeaderboard,
  'moment-session': ({ momentId, answer }) => void replayMoment(momentId, answer),
} satisfies Partial<PlaceOpeners>;
