import type { PlaceOpeners } from '../../app/places';
import {
  openInactive,
  openMoodPicker,
  openPrivateRequest,
  openRequests,
  openSearch,
  openUserStar,
} from './open';

/** What other features may use of social (docs/decisions/0059). */
export { BlockButton, useBlockMember, useUnblockMember } from './BlockButton';
export { MoodFace } from './MoodFace';
export { SOCIAL_ADDRESSES } from './open';
export { MOOD_ORDER, moodKey } from './rules';
export { showFailure } from './useFriendActions';

export const socialPlaces = {
  member: ({ userId, name }) => openUserStar(userId, name),
  search: (params) => openSearch(params?.kind),
  requests: () => openRequests(),
  inactive: () => openInactive(),
  'private-request': () => openPrivateRequest(),
  mood: () => openMoodPicker(),
} satisfies Partial<PlaceOpeners>;
