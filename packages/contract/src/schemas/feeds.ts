import { type Static, type TArray, type TSchema, Type } from 'typebox';
import { LIMITS } from '../constants';
import { FileType } from '../enums';
import { Id, Nullable } from './common';
import { PersonaImage } from './users';

/** How far ahead a poll may expire: the picker's today plus 7 days (docs/product/feeds-and-comments.md#poll-limits: date picker 8 days). */
export const POLL_MAX_AHEAD_MS = 8 * 24 * 60 * 60 * 1000;
/** Rate values of a post. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const URGENCY_MAX = 3;

const IdentityTypeField = Type.Integer({
  minimum: 1,
  maximum: 4,
  description: '1 username, 2 name, 3 anonymous, 4 social',
});
const PrivacyField = Type.Integer({
  minimum: 1,
  maximum: 2,
  description: '1 public, 2 private (needs target_user_id)',
});
const TaggedUsers = Type.Array(Id, { maxItems: 100, description: 'members @tagged in the message' });
/** A generous cap for the schema; the 10000-character rule is the service's, with its own error. */
const MessageField = Type.String({ maxLength: LIMITS.postMessage * 2 });
const DateField = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}',
  description: 'YYYY-MM-DD (in your timezone)',
});

export const FeedAttachment = Type.Object({
  id: Type.Integer(),
  type: Type.Integer({
    description: 'file type: 1 image, 2 video, 3 document, 4 spreadsheet, 5 file, 6 pdf, 7 audio',
  }),
  fileName: Type.String(),
  url: Type.String(),
  size: Type.Integer(),
});
export type FeedAttachment = Static<typeof FeedAttachment>;

export const PollData = Type.Object({
  question: Type.String(),
  options: Type.Array(Type.String()),
  answers: Type.Optional(
    Type.Array(Type.Array(Type.Object({ user_id: Type.Integer() })), {
      description:
        'one list per option of the members who chose it; left out in wellbeing mode until you vote',
    }),
  ),
  expiration_date: Type.String(),
  expired: Type.Boolean(),
  my_answer: Nullable(Type.Integer({ description: 'the option you chose, if any' })),
});
export type PollData = Static<typeof PollData>;

export const PostActivityView = Type.Object({
  activity_name: Type.String(),
  activity_type: Type.Integer(),
  activity_session_type: Nullable(Type.Integer()),
  activity_time: Type.String(),
  duration: Type.Integer({ description: 'milliseconds' }),
  calories: Nullable(Type.Number()),
  steps: Nullable(Type.Integer({ description: 'null when the session counts strokes (session type 69)' })),
  strokes: Nullable(Type.Integer({ description: 'set only for session type 69' })),
  distance: Nullable(Type.Number({ description: 'in your unit (unit_preference), two decimals' })),
  distance_unit: Type.Union([Type.Literal('mile'), Type.Literal('km')]),
  app: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type PostActivityView = Static<typeof PostActivityView>;

const AuthorFields = {
  author_user_id: Nullable(Type.Integer({ description: 'null on an anonymous item unless it is yours' })),
  author_screen_name: Type.String(),
  author_avatar_image: Type.String(),
  author_avatar_image_url: Nullable(Type.String()),
  persona_image: Nullable(PersonaImage),
  identity_type: Type.Integer(),
  author_profile_available: Type.Boolean(),
};

const MayFields = {
  is_own: Type.Boolean(),
  may_edit: Type.Boolean(),
  may_delete: Type.Boolean(),
};

/**
 * A post of a user feed or a community feed (docs/product/feeds-and-comments.md#post-fields Feed post), as the caller may see it: its author under
 * the identity chosen (anonymous shows the alias), privacy 2 for a private post to target_user_id.
 */
export const FeedPost = Type.Object({
  id: Type.Integer(),
  user_feed_id: Nullable(Type.Integer()),
  community_feed_id: Nullable(Type.Integer()),
  community_id: Nullable(Type.Integer()),
  owner_user_id: Nullable(Type.Integer()),
  message: Type.String(),
  time: Type.String(),
  updated_time: Type.String(),
  ...AuthorFields,
  privacy: Type.Integer(),
  target_user_id: Nullable(Type.Integer()),
  target_user_screen_name: Nullable(Type.String()),
  num_comments: Type.Integer({ description: 'the comments you may see' }),
  urgency_comments: Type.Integer({ description: 'highest urgency among the comments you may see' }),
  rating: Type.Optional(
    Nullable(Type.Number({ description: 'average rating, one decimal; left out in wellbeing mode' })),
  ),
  rated: Nullable(Type.Integer({ description: 'your rating, if any' })),
  high_fives: Type.Optional(Type.Integer({ description: 'left out in wellbeing mode' })),
  high_fived: Type.Boolean(),
  tags: Type.Array(Type.String()),
  tagged_users: Type.Array(Type.Integer()),
  attachments: Type.Array(FeedAttachment),
  type: Type.Integer({ description: '1 USER, 2 SYSTEM_ACTIVITY, 4 GAME, 5 POLL' }),
  poll_data: Nullable(PollData),
  activity: Nullable(PostActivityView),
  ...MayFields,
});
export type FeedPost = Static<typeof FeedPost>;

/**
 * A comment (docs/product/feeds-and-comments.md#comments Comment) with its urgency 0..3, as the caller may see it (only experts see urgent ones).
 */
export const FeedComment = Type.Object({
  id: Type.Integer(),
  user_feed_comment_id: Nullable(Type.Integer()),
  community_feed_comment_id: Nullable(Type.Integer()),
  feed_id: Type.Integer(),
  community_id: Nullable(Type.Integer()),
  message: Type.String(),
  time: Type.String(),
  updated_time: Type.String(),
  ...AuthorFields,
  urgency: Type.Integer({ minimum: 0, maximum: URGENCY_MAX }),
  tagged_users: Type.Array(Type.Integer()),
  attachments: Type.Array(FeedAttachment),
  ...MayFields,
});
export type FeedComment = Static<typeof FeedComment>;

const FeedFilters = {
  page_key: Type.Optional(Type.String({ maxLength: 200, description: 'an older_key or newer_key' })),
  type: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 5, description: 'post type; 3 (ALL) or none: every type' }),
  ),
  date: Type.Optional(DateField),
  start_date: Type.Optional(DateField),
  end_date: Type.Optional(DateField),
  activity_type: Type.Optional(Type.Integer()),
  session_type: Type.Optional(Type.Integer()),
  session_kind: Type.Optional(Type.Integer()),
  bg_app_id: Type.Optional(Type.Integer()),
  last_index: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 10000, description: 'skip this many (no key)' }),
  ),
  last_post_id: Type.Optional(Type.Integer({ minimum: 1, description: 'only posts older than this one' })),
};
export const UserFeedsQuery = Type.Object({ user_id: Type.Optional(Id), ...FeedFilters });
export type UserFeedsQuery = Static<typeof UserFeedsQuery>;
export type FeedFilters = Omit<UserFeedsQuery, 'user_id'>;
export const CommunityFeedsQuery = Type.Object({ community_id: Id, ...FeedFilters });
export type CommunityFeedsQuery = Static<typeof CommunityFeedsQuery>;

const pageOf = <K extends string, T extends TSchema>(key: K, item: T) =>
  Type.Object({
    ...({ [key]: Type.Array(item) } as Record<K, TArray<T>>),
    older_key: Nullable(Type.String({ description: 'page_key of the next (older) page' })),
    newer_key: Nullable(Type.String({ description: 'page_key of the newer page' })),
  });
export const UserFeedsResponse = pageOf('user_feeds', FeedPost);
export const CommunityFeedsResponse = pageOf('community_feeds', FeedPost);

/** The composer's images (docs/product/feeds-and-comments.md#composer): ids from POST /user/post_image, each {id, type 1}. */
const ComposerImages = Type.Array(Type.Object({ id: Id, type: Type.Literal(FileType.IMAGE) }), {
  maxItems: LIMITS.uploadFilesPerPick,
});

const PostFields = {
  message: Type.Optional(MessageField),
  attachments: Type.Optional(ComposerImages),
  identity_type: Type.Optional(IdentityTypeField),
  privacy: Type.Optional(PrivacyField),
  tagged_users: Type.Optional(TaggedUsers),
  target_user_id: Type.Optional(Nullable(Id)),
  author_screen_name: Type.Optional(Type.String({ description: 'ignored: the server names the author' })),
};
export const UserPostBody = Type.Object({ ...PostFields, owner_user_id: Type.Optional(Id) });
export type UserPostBody = Static<typeof UserPostBody>;
export const CommunityPostBody = Type.Object({ ...PostFields, community_id: Id });
export type CommunityPostBody = Static<typeof CommunityPostBody>;

/** An edit: the message, its @tags and the identity; feedId and communityId come from the path. */
export const EditPostBody = Type.Object({
  message: Type.Optional(MessageField),
  identity_type: Type.Optional(IdentityTypeField),
  tagged_users: Type.Optional(TaggedUsers),
  author_screen_name: Type.Optional(Type.String()),
  feedId: Type.Optional(Type.Integer()),
  communityId: Type.Optional(Type.Integer()),
});
export type EditPostBody = Static<typeof EditPostBody>;

export const PostTagsBody = Type.Object({
  tags: Type.Array(Type.String({ maxLength: LIMITS.tag * 4 }), { maxItems: 100 }),
});
export type PostTagsBody = Static<typeof PostTagsBody>;

export const RateBody = Type.Object({ rating: Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX }) });

export const FeedIdParams = Type.Object({ id: Id });
export const CommunityFeedParams = Type.Object({ id: Id, feedId: Id });

/** Comments */
export const UserCommentsQuery = Type.Object({ feed_id: Id, user_id: Type.Optional(Id) });
export const CommunityCommentsQuery = Type.Object({ feed_id: Id, community_id: Type.Optional(Id) });
export const UserCommentsResponse = Type.Object({ user_feed_comments: Type.Array(FeedComment) });
export const CommunityCommentsResponse = Type.Object({ community_feed_comments: Type.Array(FeedComment) });

const CommentFields = {
  message: Type.Optional(MessageField),
  identity_type: Type.Optional(IdentityTypeField),
  tagged_users: Type.Optional(TaggedUsers),
  urgency: Type.Optional(Type.Integer({ minimum: 0, maximum: URGENCY_MAX, description: 'experts only' })),
  author_screen_name: Type.Optional(Type.String({ description: 'ignored: the server names the author' })),
};
export const UserCommentBody = Type.Object({ ...CommentFields, feed_id: Id, user_id: Type.Optional(Id) });
export type UserCommentBody = Static<typeof UserCommentBody>;
export const CommunityCommentBody = Type.Object({
  ...CommentFields,
  feed_id: Id,
  community_id: Type.Optional(Id),
});
export type CommunityCommentBody = Static<typeof CommunityCommentBody>;
export const EditCommentBody = Type.Object(CommentFields);
export type EditCommentBody = Static<typeof EditCommentBody>;

/** /users/{owner}/feeds/{feed}/comments/{id} and /community/{c}/feed/{f}/comments/{u}. */
export const CommentParams = Type.Object({ id: Id, feedId: Id, commentId: Id });

/** Polls */
export const PollBody = Type.Object({
  question: Type.String({ maxLength: LIMITS.postMessage }),
  options: Type.Array(Type.String({ maxLength: LIMITS.tag }), { maxItems: 20 }),
  expiration_date: Type.String({
    description: 'ISO date-time with offset or Z; in the future, at most 8 days ahead',
  }),
  friend_id: Type.Optional(Id),
});
export type PollBody = Static<typeof PollBody>;
export const PollAnswerBody = Type.Object({ answerIndex: Type.Integer({ minimum: 0, maximum: 100 }) });
export const PollAnswerParams = Type.Object({ feedId: Id });

export const DeletedResponse = Type.Object({ ok: Type.Boolean() });
