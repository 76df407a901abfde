import type { PlaceOpeners } from '../../app/places';
import {
  openAddMember,
  openChangeCommunityImage,
  openCommunity,
  openCommunityInfo,
  openCreateCommunity,
  openFromList,
  openInviteCard,
  openInviteModal,
  openJoinFlow,
  openMembers,
  showCommunityInstead,
} from './open';

export { COMMUNITY_ADDRESSES } from './open';

export const communityPlaces = {
  community: ({ instead, ...community }) =>
    instead ? showCommunityInstead(community) : openCommunity(community),
  'community-invite': openInviteCard,
  'listed-community': openFromList,
  'create-community': () => openCreateCommunity(),
  'community-info': ({ communityId }) => openCommunityInfo(communityId),
  'community-members': ({ communityId }) => openMembers(communityId),
  'add-member': ({ communityId }) => openAddMember(communityId),
  'invite-members': openInviteModal,
  'community-image': ({ communityId }) => openChangeCommunityImage(communityId),
  'join-community': ({ entry, onJoined }) => openJoinFlow(entry, onJoined),
} satisfies Partial<PlaceOpeners>;
