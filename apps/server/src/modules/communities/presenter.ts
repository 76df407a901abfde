import {
  avatarUrl,
  type Community,
  type CommunityEntry,
  type CommunityMember,
  imageUrl,
  type PersonaImage,
  PersonaType,
} from '@orbit/contract';
import {
  defaultCommunityIdentity,
  joinedAsPersona,
  presentMemberFace,
  publicCounts,
  type UserRow,
} from '../faces';
import type { CommunityRow } from './policy';

export function communityImageUrl(community: CommunityRow): string | null {
  return community.imageId === null ? null : imageUrl(community.imageId);
}

/** The picture and name a member shows in a community under the identity they joined with. */
export function presentIdentity(
  user: UserRow,
  identity: string,
): { identity_image: PersonaImage; identity_name: string } {
  if (joinedAsPersona(identity)) {
    return {
      identity_image: { type: user.personaType, value: user.personaValue },
      identity_name: user.username,
    };
  }
  return {
    identity_image: { type: PersonaType.URL, value: avatarUrl(user.avatarImage) },
    identity_name: user.alias ?? user.username,
  };
}

/** The caller's relation to one community, as read beside it. */
export interface CallerStanding {
  role: number | null;
  identity: string | null;
  invitedAt: Date | null;
  inviterName: string | null;
}

export function presentEntry(
  community: CommunityRow,
  caller: UserRow,
  standing: CallerStanding,
): CommunityEntry {
  const image = communityImageUrl(community);
  return {
    id: community.id,
    community_id: community.id,
    name: community.name,
    description: community.description,
    image_url: image,
    avatar_image: image,
    color: community.color,
    initials: community.initials,
    access_type: community.accessType,
    tc_link: community.tcLink,
    tc_kind: community.tcKind,
    isMember: standing.role !== null,
    community_type: community.communityType,
    roles: standing.role === null ? [] : [standing.role],
    star_type: community.starType,
    request_date: standing.invitedAt?.toISOString() ?? null,
    text: standing.inviterName,
    has_leaderboard: community.hasLeaderboard,
    ...presentIdentity(caller, standing.identity ?? defaultCommunityIdentity(caller)),
  };
}

export function presentCommunity(
  entry: CommunityEntry,
  community: CommunityRow,
  extra: { membersCount: number; star: { id: string; pinned: boolean } | null; wellbeing: boolean },
): Community {
  return {
    ...entry,
    info: community.info,
    ...publicCounts(extra.wellbeing, { members_count: extra.membersCount }),
    pinned: extra.star?.pinned ?? false,
    star_id: extra.star?.id ?? null,
    owner_id: community.ownerId,
    owner_type: community.ownerType,
  };
}

export function presentMember(
  user: UserRow,
  membership: { role: number; identity: string },
  isFriend: boolean,
): CommunityMember {
  const face = presentMemberFace(user, joinedAsPersona(membership.identity));
  return {
    id: user.id,
    user_id: user.id,
    name: face.name,
    screen_name: face.screen_name,
    user_image_url: face.image_url,
    image_url: face.image_url,
    avatar_image: face.avatar_image,
    persona_image: face.persona_image,
    role: membership.role,
    is_friend: isFriend,
  };
}
