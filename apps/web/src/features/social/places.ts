import type { PlaceOpeners } from '../../app/places';
import {
  openFriendConfirmation,
  openInactive,
  openMoodPicker,
  openPrivateRequest,
  openRequests,
  openSearch,
  openTagEditor,
  openUserStar,
  openUsersList,
  showUserStarInstead,
} from './open';

export { SOCIAL_ADDRESSES } from './open';

export const socialPlaces = {
  member: ({ userId, name, instead }) => (instead ? showUserStarInstead : openUserStar)(userId, name),
  search: (params) => openSearch(params?.kind),
  requests: () => openRequests(),
  inactive: () => openInactive(),
  'private-request': () => openPrivateRequest(),
  mood: () => openMoodPicker(),
  'friend-confirmation': openFriendConfirmation,
  'users-list': () => openUsersList(),
  'tag-editor': () => openTagEditor(),
} satisfies Partial<PlaceOpeners>;
