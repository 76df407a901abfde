import {
  AccessType,
  type Community,
  type CommunityEntry,
  CommunityIdentity,
  type CreateCommunityBody,
  DEFAULT_COMMUNITY_COLOR,
  displayLastName,
  isValidPassword,
  LIMITS,
  OrgRole,
  OwnerType,
  PrivacySetting,
  type ProfileStar,
  REGISTRATION_DEFAULTS,
  StarType,
  TermsKind,
} from '@orbit/contract';
import { isExpert } from '../../api/roles';
import type { RegisterInput, UserProfile, UserUpdate } from '../../api/types';
import type { PendingInvite } from '../../app/places';
import { T } from '../../i18n/texts';

/** The steps of the join flow (docs/product/communities.md#visibility): a terms popup of either kind, then (or only) the identity popup. */
export type JoinStep = 'madnessTerms' | 'genericTerms' | 'identity';

/** A community with terms first shows its terms popup; one without shows the identity popup directly. */
export function firstJoinStep(tcKind: number | null): JoinStep {
  if (tcKind === TermsKind.MADNESS) return 'madnessTerms';
  if (tcKind === TermsKind.GENERIC) return 'genericTerms';
  return 'identity';
}

/** Generic terms lead to the identity popup; madness terms (with the names confirmed) join at once. */
export function stepAfterTerms(step: JoinStep): 'identity' | 'join' {
  return step === 'genericTerms' ? 'identity' : 'join';
}

/** The identity choice defaults to persona when the member's privacy is public, avatar when private. */
export function defaultIdentity(privacySetting: number): CommunityIdentity {
  return privacySetting === PrivacySetting.PRIVATE ? CommunityIdentity.AVATAR : CommunityIdentity.PERSONA;
}

export interface MadnessForm {
  accepted: boolean;
  firstName: string;
  lastName: string;
}

/** Madness join is enabled only when the terms box is checked and both names are non-blank. */
export function madnessJoinEnabled(form: MadnessForm): boolean {
  return form.accepted && form.firstName.trim() !== '' && form.lastName.trim() !== '';
}

/** The names as the madness popup first shows them ("NA" stands for an empty last name). */
export function namesOf(profile: Pick<UserProfile, 'first_name' | 'last_name'>) {
  return { firstName: profile.first_name ?? '', lastName: displayLastName(profile.last_name) };
}

/** The PUT /user calls (one shape each) that save the names the member changed; none when unchanged. */
export function nameUpdates(
  profile: Pick<UserProfile, 'first_name' | 'last_name'>,
  form: Pick<MadnessForm, 'firstName' | 'lastName'>,
): UserUpdate[] {
  const current = namesOf(profile);
  const updates: UserUpdate[] = [];
  const first = form.firstName.trim();
  const last = form.lastName.trim();
  if (first !== current.firstName.trim()) updates.push({ first_name: first });
  if (last !== current.lastName.trim()) updates.push({ last_name: last });
  return updates;
}

/** What a row of a community list opens: only members open the community (docs/product/communities.md#visibility). */
export type ListTarget = 'page' | 'invite' | 'preview';

export function listTarget(entry: Pick<CommunityEntry, 'isMember' | 'request_date'>): ListTarget {
  if (entry.isMember) return 'page';
  return entry.request_date ? 'invite' : 'preview';
}

/**
 * May the member make others experts here (decision 0048)? The community's experts may, and so may the
 * admins of the organisation that owns it, in it or not: a community whose only expert left gets its next.
 */
export function mayAppointExperts(
  community: Pick<Community, 'roles' | 'owner_type' | 'owner_id'>,
  organizations: readonly { id: number; org_roles: readonly number[] }[],
): boolean {
  if (isExpert(community.roles)) return true;
  return (
    community.owner_type === OwnerType.ORGANIZATION &&
    organizations.some((o) => o.id === community.owner_id && o.org_roles.includes(OrgRole.ADMIN))
  );
}

/** The create form (docs/product/communities.md#create): name, initials, icon colour, description, access type, friends to invite. */
export interface CreateForm {
  name: string;
  initials: string;
  color: string;
  description: string;
  accessType: AccessType;
  invitees: readonly number[];
}

export const EMPTY_CREATE_FORM: CreateForm = {
  name: '',
  initials: '',
  color: DEFAULT_COMMUNITY_COLOR,
  description: '',
  accessType: AccessType.PUBLIC,
  invitees: [],
};

/** CREATE stays disabled until the name is non-empty (docs/product/communities.md#create). */
export const canCreate = (form: Pick<CreateForm, 'name'>) => form.name.trim() !== '';

/** Initials keep one character, upper-cased (docs/product/communities.md#create): the last one typed replaces the one before. */
export function typedInitials(raw: string): string {
  const characters = [...raw.trim()];
  return (characters.at(-1) ?? '').toUpperCase();
}

/** The name as typed, cut at 30 characters (docs/product/communities.md#create). */
export const typedName = (raw: string) => [...raw].slice(0, LIMITS.communityName).join('');

export function createBody(form: CreateForm): CreateCommunityBody {
  const description = form.description.trim();
  return {
    name: form.name.trim(),
    color: form.color,
    access_type: form.accessType,
    ...(form.initials ? { initials: typedInitials(form.initials) } : {}),
    ...(description ? { description } : {}),
    ...(form.invitees.length > 0 ? { members_userids: [...form.invitees] } : {}),
  };
}

/** The members a new community may invite: friend stars only (docs/product/communities.md#experts), by name. */
export function inviteCandidates(stars: readonly ProfileStar[]): { userId: number; name: string }[] {
  return stars
    .filter((star) => star.star_type === StarType.FRIEND && star.user_id !== null)
    .map((star) => ({ userId: star.user_id as number, name: star.name }))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

export function toggled<V>(values: readonly V[], value: V): V[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** A pending community invite, as its COMMUNITY_INVITE star (13) names it. */
export type { PendingInvite };

export function pendingInvites(stars: readonly ProfileStar[]): PendingInvite[] {
  return stars
    .filter((star) => star.star_type === StarType.COMMUNITY_INVITE && star.community_id !== null)
    .map((star) => ({
      communityId: star.community_id as number,
      name: star.name,
      imageUrl: star.image_url,
      color: star.color,
      sentAt: star.interaction_date,
    }))
    .sort((a, b) => (b.sentAt ?? '').localeCompare(a.sentAt ?? ''));
}

/** The add-member screen's "Add a new user" form (docs/product/communities.md#add-member): username or email, optional password, confirm. */
export interface NewMemberForm {
  identity: string;
  password: string;
  confirm: string;
}

export const EMPTY_NEW_MEMBER: NewMemberForm = { identity: '', password: '', confirm: '' };

/**
 * The form's first problem as its alert text, or null: username or email of at least 3 characters; a
 * password is optional but must be valid when given; the confirmation must equal it.
 */
export function newMemberProblem(form: NewMemberForm): string | null {
  const identity = form.identity.trim();
  if (identity.length < LIMITS.identityMin) return T.invalidUsername;
  if (form.password !== '' && !isValidPassword(form.password, identity)) return T.invalidPassword;
  if (form.confirm !== form.password) return T.passwordsDoNotMatch;
  return null;
}

/** POST /register for the new member, into the community's organisation; a blank password is generated. */
export function newMemberRegistration(form: NewMemberForm, organizationId: number | null): RegisterInput {
  return {
    email: form.identity.trim(),
    ...(form.password ? { password: form.password } : {}),
    ...(organizationId === null ? {} : { organization_id: organizationId }),
    measurement_unit: REGISTRATION_DEFAULTS.measurement_unit,
    country_code: REGISTRATION_DEFAULTS.country_code,
    timezone: REGISTRATION_DEFAULTS.timezone,
  };
}
