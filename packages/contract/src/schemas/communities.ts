import { type Static, Type } from 'typebox';
import { LIMITS } from '../constants';
import { DisplayName, Id, Nullable } from './common';
import { PersonaImage, PublicProfile } from './users';

/** Communities per page of GET /communities and GET /search/communities. */
export const COMMUNITY_PAGE_SIZE = 25;
/** Members offered per GET /communities/{id}/nonmembers answer: a narrower search finds the rest. */
export const NONMEMBERS_MAX = 50;
/**
 * The info page's free-text notes, edited by experts only (docs/product/feeds-and-comments.md#post-writer; docs/product/communities.md#community-info), are held to a post's 10000
 * characters.
 */
export const COMMUNITY_INFO_MAX = LIMITS.postMessage;

/** How a member appears in a community, chosen in the identity popup: persona or avatar (docs/product/communities.md#join-identity). */
export const CommunityIdentity = { PERSONA: 'persona', AVATAR: 'avatar' } as const;
export type CommunityIdentity = (typeof CommunityIdentity)[keyof typeof CommunityIdentity];

/** Who owns a community: 1 an organisation, 2 a member. */
export const OwnerType = { ORGANIZATION: 1, USER: 2 } as const;
export type OwnerType = (typeof OwnerType)[keyof typeof OwnerType];

const PageKeyField = Type.Optional(Type.String({ maxLength: 200, description: 'an older_key or newer_key' }));
const PageKeys = {
  older_key: Nullable(Type.String({ description: 'page_key of the next page' })),
  newer_key: Nullable(Type.String({ description: 'page_key of the previous page' })),
};

const entryFields = {
  id: Type.Integer(),
  community_id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  image_url: Nullable(Type.String()),
  avatar_image: Nullable(Type.String({ description: 'the community picture (same as image_url)' })),
  color: Type.String(),
  initials: Type.String(),
  access_type: Type.Integer({ description: '1 public, 2 private' }),
  tc_link: Nullable(Type.String()),
  tc_kind: Nullable(Type.Integer({ description: '1 madness terms, 2 generic terms, null none' })),
  isMember: Type.Boolean(),
  community_type: Type.Integer(),
  roles: Type.Array(Type.Integer(), { description: "the caller's roles: 1 expert, 4 member; empty if none" }),
  star_type: Type.Integer({ description: '1 user-created, 2 system, 3 game, 4 inner circle' }),
  request_date: Nullable(Type.String({ description: "when the caller's pending invite was sent" })),
  text: Nullable(Type.String({ description: 'who sent the pending invite (screen name)' })),
  has_leaderboard: Type.Boolean(),
  identity_image: PersonaImage,
  identity_name: Type.String({
    description:
      'the identity the caller appears under here (chosen at join; the default by privacy if none)',
  }),
};

/** A community list entry (docs/product/communities.md#community-fields: access 1 public, 2 private; tc_kind 1 madness, 2 generic terms). */
export const CommunityEntry = Type.Object(entryFields);
export type CommunityEntry = Static<typeof CommunityEntry>;

/** A community page (docs/product/friends.md#faces Community): the list entry plus its info notes, members count and pin. */
export const Community = Type.Object({
  ...entryFields,
  info: Type.String(),
  members_count: Type.Optional(Type.Integer({ description: 'left out in wellbeing mode' })),
  pinned: Type.Boolean(),
  star_id: Nullable(Type.String({ description: "the caller's star of this community, if a member" })),
  owner_id: Type.Integer(),
  owner_type: Type.Integer({ description: '1 organisation, 2 member' }),
});
export type Community = Static<typeof Community>;

export const CommunityIdParams = Type.Object({ id: Id });
export const CommunityMemberParams = Type.Object({ id: Id, userId: Id });

export const CommunitiesQuery = Type.Object({
  textsearch: Type.Optional(Type.String({ maxLength: 200, description: 'optional name filter, ranked' })),
  page_key: PageKeyField,
});
export const SearchCommunitiesQuery = Type.Object({
  textsearch: Type.String({ maxLength: 200, description: 'trimmed: 1..64 characters' }),
  page_key: PageKeyField,
});
export const CommunitiesResponse = Type.Object({ communities: Type.Array(CommunityEntry), ...PageKeys });
export type CommunitiesResponse = Static<typeof CommunitiesResponse>;

export const JoinCommunityBody = Type.Object(
  {
    id: Id,
    community_role: Type.Integer({ description: 'must be 4 (member): nobody joins as an expert' }),
    identity: Type.Optional(Type.Union([Type.Literal('persona'), Type.Literal('avatar')])),
    accepted_terms: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type JoinCommunityBody = Static<typeof JoinCommunityBody>;

export const LeaveCommunityBody = Type.Object({ id: Id });

const colorDescription = 'one of COMMUNITY_COLORS; default dark navy';
export const CreateCommunityBody = Type.Object(
  {
    name: Type.String({ maxLength: 200, description: `trimmed: 1..${LIMITS.communityName} characters` }),
    owner_type: Type.Optional(Nullable(Type.Integer({ description: '1 organisation, 2 the creator' }))),
    owner_id: Type.Optional(Nullable(Type.Integer())),
    description: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.postMessage }))),
    members_userids: Type.Optional(Type.Array(Id, { maxItems: 500, description: 'friends to invite' })),
    access_type: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
    color: Type.Optional(Nullable(Type.String({ maxLength: 20, description: colorDescription }))),
    initials: Type.Optional(
      Nullable(Type.String({ maxLength: 10, description: '1 character, upper-cased' })),
    ),
  },
  { additionalProperties: false },
);
export type CreateCommunityBody = Static<typeof CreateCommunityBody>;
export const CreatedCommunity = Type.Object({ id: Type.Integer() });

export const CommunityImageResponse = Type.Object({ imageUrl: Type.String() });

export const OrganizationsResponse = Type.Object({
  organizations: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), org_roles: Type.Array(Type.Integer()) }),
  ),
});
export type OrganizationsResponse = Static<typeof OrganizationsResponse>;

export const InviteBody = Type.Object({ screen_name: Type.String({ minLength: 1, maxLength: 200 }) });
export const InviteAnswerBody = Type.Object({
  status: Type.Union([Type.Literal(2), Type.Literal(3)], { description: '2 accept, 3 reject' }),
});

export const MembersListQuery = Type.Object({
  f: Type.Optional(Type.Boolean({ description: "true: the caller's friends first" })),
});
export const CommunityMember = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  name: DisplayName,
  screen_name: Type.String(),
  user_image_url: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  avatar_image: Type.String(),
  persona_image: Nullable(PersonaImage),
  role: Type.Integer({ description: '1 expert, 4 member' }),
  is_friend: Type.Boolean(),
});
export type CommunityMember = Static<typeof CommunityMember>;
export const CommunityMembersResponse = Type.Object({ members: Type.Array(CommunityMember) });
export type CommunityMembersResponse = Static<typeof CommunityMembersResponse>;

export const NonmembersQuery = Type.Object({
  textsearch: Type.Optional(Type.String({ maxLength: 200 })),
});
export const NonmembersResponse = Type.Object({ users: Type.Array(PublicProfile) });
export type NonmembersResponse = Static<typeof NonmembersResponse>;

export const AddMemberBody = Type.Object({
  community_role: Type.Literal(4, { description: 'added members are ordinary members (4)' }),
});

export const UpdateCommunityBody = Type.Object(
  {
    owner_id: Type.Optional(Nullable(Type.Integer())),
    owner_type: Type.Optional(Nullable(Type.Integer())),
    info: Type.Optional(Type.String({ maxLength: COMMUNITY_INFO_MAX })),
  },
  { additionalProperties: false },
);
export type UpdateCommunityBody = Static<typeof UpdateCommunityBody>;
