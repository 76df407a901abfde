import type { PlaceOpeners } from '../../app/places';
import {
  openInactive,
  openMoodPicker,
  openPrivateRequest,
  openRequests,
  openSearch,
  openUserStar,
} from './open';

export { SOCIAL_ADDRESSES } from './open';

export const socialPlaces = {
  member: ({ userId, name }) => openUserStar(userId, name),
  search: (params) => openSearch(params?.kind),
  requests: () => openRequests(),
  inactive: () => openInactive(),
  'private-request': () => openPrivateRequest(),
  mood: () => openMoodPicker(),
} satisfies Partial<PlaceOpeners>;
