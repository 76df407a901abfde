import type { PlaceOpeners } from '../../app/places';
import { openCommunity, openCreateCommunity, openInviteCard } from './open';

/** What other features may use of communities (docs/decisions/0059). */
export { CommunityIcon } from './CommunityIcon';
export { CommunityList, CommunitySearchResults } from './CommunityList';
export { COMMUNITY_ADDRESSES } from './open';
export { PendingInvites } from './PendingInvites';
export { PicturePicker } from './PicturePicker';
export { isExpert } from './rules';

export const communityPlaces = {
  community: openCommunity,
  'community-invite': openInviteCard,
  'create-community': () => openCreateCommunity(),
} satisfies Partial<PlaceOpeners>;
