import type { PlaceOpeners } from '../../app/places';
import { openCommunity, openCreateCommunity, openInviteCard } from './open';

export { COMMUNITY_ADDRESSES } from './open';

export const communityPlaces = {
  community: openCommunity,
  'community-invite': openInviteCard,
  'create-community': () => openCreateCommunity(),
} satisfies Partial<PlaceOpeners>;
