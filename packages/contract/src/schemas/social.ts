import { type Static, Type } from 'typebox';
import { DisplayName, Id, Nullable } from './common';
import { PublicProfile } from './users';

/** Which way a pending friend request points, seen from the caller (docs/product/friends.md#faces "Member or user": 1 incoming). */
export const FriendDirection = { INCOMING: 1, OUTGOING: 2 } as const;
export type FriendDirection = (typeof FriendDirection)[keyof typeof FriendDirection];

/** Results per page of member search and of GET /users. */
export const MEMBER_PAGE_SIZE = 25;
/** Search text after trimming (docs/product/friends.md#search): at least one character, at most 64. */
export const SEARCH_QUERY_MAX = 64;
/** Prior tags answered per tag context, most recent first. */
export const PRIOR_TAGS_MAX = 50;

/** Paged lists: opaque keys; null at either end. */
const PageKeys = {
  older_key: Nullable(Type.String({ description: 'page_key of the next page' })),
  newer_key: Nullable(Type.String({ description: 'page_key of the previous page' })),
};
const PageKeyField = Type.Optional(Type.String({ maxLength: 200, description: 'an older_key or newer_key' }));

export const FriendRequestBody = Type.Object(
  {
    user_id: Id,
    message: Type.Optional(
      Nullable(Type.String({ maxLength: 10000, description: 'at most 280 characters; blank means none' })),
    ),
  },
  { additionalProperties: false },
);
export type FriendRequestBody = Static<typeof FriendRequestBody>;

export const FriendRequestResult = Type.Object({
  status: Type.Union([Type.Literal('sent'), Type.Literal('accepted')], {
    description: 'sent: a new request; accepted: the member had already asked, now you are friends',
  }),
});

export const UserIdQuery = Type.Object({ user_id: Id });
export const FriendOfFriendQuery = Type.Object({ id: Id });

export const FriendEntry = Type.Object({
  user_id: Type.Integer(),
  name: DisplayName,
  screen_name: Type.String(),
  avatar_image: Type.String(),
  image_url: Nullable(Type.String()),
});
export type FriendEntry = Static<typeof FriendEntry>;

export const FriendsResponse = Type.Object({
  friends: Type.Record(Type.String(), FriendEntry, { description: 'keyed by user id' }),
});
export type FriendsResponse = Static<typeof FriendsResponse>;

/** One pending request (docs/product/friends.md#requests-list): the other member's face, the optional message and the sent date. */
export const FriendRequestEntry = Type.Object({
  user_id: Type.Integer(),
  name: DisplayName,
  screen_name: Type.String(),
  avatar_image: Type.String(),
  image_url: Nullable(Type.String()),
  message: Nullable(Type.String()),
  modified_time: Type.String({ description: 'when the request was sent (ISO 8601)' }),
});
export type FriendRequestEntry = Static<typeof FriendRequestEntry>;

export const FriendRequestsResponse = Type.Object({
  incoming: Type.Record(Type.String(), FriendRequestEntry, { description: 'keyed by user id' }),
  outgoing: Type.Record(Type.String(), FriendRequestEntry, { description: 'keyed by user id' }),
});
export type FriendRequestsResponse = Static<typeof FriendRequestsResponse>;

const Connection = Type.Object({ id: Type.Integer(), display_name: Type.String() });
export const ConnectionsResponse = Type.Object({
  friends: Type.Array(Connection),
  communities: Type.Array(Connection, {
    description: 'the communities the member belongs to, by name',
  }),
});
export type ConnectionsResponse = Static<typeof ConnectionsResponse>;

export const MembersQuery = Type.Object({ page_key: PageKeyField });
export const MembersResponse = Type.Object({ users: Type.Array(PublicProfile), ...PageKeys });
export type MembersResponse = Static<typeof MembersResponse>;

export const SearchUsersQuery = Type.Object({
  q: Type.String({ maxLength: 200, description: `trimmed: 1..${SEARCH_QUERY_MAX} characters` }),
  page_key: PageKeyField,
});
export const SearchUsersResponse = Type.Object({ results: Type.Array(PublicProfile), ...PageKeys });
export type SearchUsersResponse = Static<typeof SearchUsersResponse>;

export const PrivateUserQuery = Type.Object({
  q: Type.String({ maxLength: 200, description: 'a persona (username) or avatar name, exact' }),
});
export const PrivateUserResponse = Type.Object({
  results: Type.Array(PublicProfile, { description: 'empty when no such persona: "persona does not exist"' }),
});
export type PrivateUserResponse = Static<typeof PrivateUserResponse>;

export const StarIdParams = Type.Object({ id: Id });
export const PinResponse = Type.Object({ star_id: Type.String(), pinned: Type.Boolean() });
export type PinResponse = Static<typeof PinResponse>;

export const TagsQuery = Type.Object({
  context: Type.Integer({ minimum: 1, maximum: 6, description: 'TagContext 1..6' }),
});
export const TagsResponse = Type.Object({ tags: Type.Array(Type.String()) });
export type TagsResponse = Static<typeof TagsResponse>;

/** PUT and DELETE /user/blocks/{user_id}: the member blocked or unblocked. */
export const BlockParams = Type.Object({ user_id: Id }, { additionalProperties: false });
export type BlockParams = Static<typeof BlockParams>;

/** One member the caller blocked, as the settings list shows them (issue 14). */
export const BlockEntry = Type.Object({
  user_id: Id,
  name: DisplayName,
  screen_name: Type.String({ description: 'the face the blocked member shows the caller' }),
  blocked_at: Type.String({ description: 'ISO 8601' }),
});
export type BlockEntry = Static<typeof BlockEntry>;

/** GET /user/blocks: the caller's blocks, most recent first. */
export const BlocksResponse = Type.Object({ blocks: Type.Array(BlockEntry) });
export type BlocksResponse = Static<typeof BlocksResponse>;
