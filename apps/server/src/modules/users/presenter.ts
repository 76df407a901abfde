import {
  avatarUrl,
  type FriendDirection,
  type PersonaImage,
  PersonaType,
  PrivacySetting,
  type PublicProfile,
  personaImageUrl,
  type UserProfile,
} from '@orbit/contract';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

function personaOf(user: UserRow): PersonaImage {
  return { type: user.personaType, value: user.personaValue };
}

function identityOf(user: UserRow) {
  return { screen_name: user.alias ?? user.username, avatar: user.avatarImage };
}

/** Stored YYYY-MM-DD, answered as the day-month-year text of 002 §3. */
function dayMonthYear(date: string | null): string | null {
  if (!date) return null;
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

export function presentUserProfile(user: UserRow, organizationIds: number[]): UserProfile {
  const persona = personaOf(user);
  return {
    user_id: user.id,
    id: user.id,
    screen_name: user.username,
    username: user.username,
    alias: user.alias,
    avatar_image: user.avatarImage,
    first_name: user.firstName,
    last_name: user.lastName,
    persona_image: persona,
    identity_image: { type: PersonaType.URL, value: avatarUrl(user.avatarImage) },
    identity: identityOf(user),
    identity_provider: user.identityProvider,
    // An account an operator put behind a provider by hand may have no recorded id there: its username stands.
    user_identity: user.identityProvider ? (user.userIdentity ?? user.username) : null,
    privacy_setting: user.privacySetting,
    unit_preference: user.unitPreference,
    height_meter: user.heightMeter,
    weight_kg: user.weightKg,
    date_of_birth: dayMonthYear(user.dateOfBirth),
    gender: user.gender,
    address: { country: user.country, state: user.state },
    timezone: user.timezone,
    notification_level: user.notificationLevel,
    organizations: organizationIds.map((id) => ({ id })),
    gojimoji: { mood: user.mood, tags: user.moodTags },
    tag_notes: user.tagNotes,
    image_url: personaImageUrl(persona),
  };
}

/** How the viewer stands to a member: friends, or a pending request one way or the other. */
export interface Relation {
  isFriend: boolean;
  direction: FriendDirection | null;
}
export const STRANGER: Relation = { isFriend: false, direction: null };

/** A private member shows the avatar identity, not the persona, to everyone but their friends. */
export function seesPersona(user: UserRow, relation: Relation): boolean {
  return user.privacySetting === PrivacySetting.PUBLIC || relation.isFriend;
}

/** The face a member shows another: persona (name and picture) or avatar identity, by privacy. */
export interface MemberFace {
  user_id: number;
  name: string;
  screen_name: string;
  persona_image: PersonaImage | null;
  avatar_image: string;
  image_url: string | null;
  gojimoji: { mood: number | null; tags: string[] };
}

export function presentMemberFace(user: UserRow, showPersona: boolean): MemberFace {
  const persona = personaOf(user);
  const identity = identityOf(user);
  return {
    user_id: user.id,
    name: showPersona ? user.firstName || user.username : identity.screen_name,
    screen_name: showPersona ? user.username : identity.screen_name,
    persona_image: showPersona ? persona : null,
    avatar_image: user.avatarImage,
    image_url: showPersona ? personaImageUrl(persona) : avatarUrl(user.avatarImage),
    gojimoji: { mood: user.mood, tags: user.moodTags },
  };
}

/** Another member's profile as the viewer may see it (search, lists, GET /user/profile). */
export function presentPublicProfile(user: UserRow, relation: Relation): PublicProfile {
  const face = presentMemberFace(user, seesPersona(user, relation));
  return {
    user_id: user.id,
    id: user.id,
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
