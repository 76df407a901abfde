import {
  avatarUrl,
  displayLastName,
  type FriendDirection,
  type PersonaImage,
  type PublicProfile,
  personaImageUrl,
} from '@orbit/contract';
import type { FaceRow } from './columns';

export function personaOf(user: Pick<FaceRow, 'personaType' | 'personaValue'>): PersonaImage {
  return { type: user.personaType, value: user.personaValue };
}

/** The avatar identity's name: the alias, or the username without one. */
const aliasOf = (user: Pick<FaceRow, 'alias' | 'username'>) => user.alias ?? user.username;

export function identityOf(user: Pick<FaceRow, 'alias' | 'username' | 'avatarImage'>) {
  return { screen_name: aliasOf(user), avatar: user.avatarImage };
}

/**
 * The one name a member goes by (decision 0043): under their persona, their first and last name (the
 * username when they gave no first name); under their avatar identity, their alias. Every payload that
 * names a member for reading takes it from here; `screen_name` stays the handle (tags, invites, lookups).
 */
export function displayNameOf(
  user: Pick<FaceRow, 'firstName' | 'lastName' | 'alias' | 'username'>,
  showPersona: boolean,
): string {
  if (!showPersona) return aliasOf(user);
  const full = [user.firstName?.trim() ?? '', displayLastName(user.lastName?.trim())].join(' ').trim();
  return full || user.username;
}

/** How the viewer stands to a member: friends, or a pending request one way or the other. */
export interface Relation {
  isFriend: boolean;
  direction: FriendDirection | null;
}
export const STRANGER: Relation = { isFriend: false, direction: null };

/** The face a member shows another: persona (name and picture) or avatar identity, by privacy. */
export interface MemberFace {
  user_id: number;
  /** What the member is called: displayNameOf. */
  name: string;
  /** The handle under the same identity: the username (persona) or the alias (avatar). */
  screen_name: string;
  persona_image: PersonaImage | null;
  avatar_image: string;
  image_url: string | null;
  gojimoji: { mood: number | null; tags: string[] };
}

/**
 * The face under the identity already chosen: the persona rule (policy.ts) chooses it for a viewer, a
 * community membership's own identity choice for a community (communities, sessions).
 */
export function presentMemberFace(user: FaceRow, showPersona: boolean): MemberFace {
  const persona = personaOf(user);
  const identity = identityOf(user);
  return {
    user_id: user.id,
    name: displayNameOf(user, showPersona),
    screen_name: showPersona ? user.username : identity.screen_name,
    persona_image: showPersona ? persona : null,
    avatar_image: user.avatarImage,
    image_url: showPersona ? personaImageUrl(persona) : avatarUrl(user.avatarImage),
    gojimoji: { mood: user.mood, tags: user.moodTags },
  };
}

/** Another member's profile under the face the persona rule chose (policy.ts presentPublicProfile). */
export function profileUnder(face: MemberFace, user: FaceRow, relation: Relation): PublicProfile {
  return {
    user_id: user.id,
    id: user.id,
    name: face.name,
    screen_name: face.screen_name,
    alias: user.alias,
    avatar_image: user.avatarImage,
    persona_image: face.persona_image,
    identity: identityOf(user),
    privacy_setting: user.privacySetting,
    image_url: face.image_url,
    gojimoji: face.gojimoji,
    is_friend: relation.isFriend,
    direction: relation.direction,
  };
}
