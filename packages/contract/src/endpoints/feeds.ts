import {
  CommentParams,
  CommunityCommentBody,
  CommunityCommentsQuery,
  CommunityCommentsResponse,
  CommunityFeedParams,
  CommunityFeedsQuery,
  CommunityFeedsResponse,
  CommunityIdParams,
  CommunityPostBody,
  DeletedResponse,
  EditCommentBody,
  EditPostBody,
  FeedComment,
  FeedIdParams,
  FeedPost,
  PollAnswerBody,
  PollAnswerParams,
  PollBody,
  PostTagsBody,
  RateBody,
  UserCommentBody,
  UserCommentsQuery,
  UserCommentsResponse,
  UserFeedsQuery,
  UserFeedsResponse,
  UserPostBody,
} from '../schemas';
import { endpoints, perMinute } from './define';
import { FEED_ROUTES } from './routes';

/** Opening a post: it is not there, not for the caller, or in a community the caller may not read. */
const OPEN = ['not_found', 'not_friends'] as const;
/** Writing on a feed: the caller must be a member of the community, or the owner or a friend. */
const WRITE = ['not_found', 'not_a_member', 'not_friends'] as const;
/**
 * A post's or comment's text must not be empty nor over the limit, and its @tags must name members (docs/product/feeds-and-comments.md#post-limits)
 * not blocked either way with the writer (`blocked`, as a comment on such a member's post is).
 */
const TEXT = ['empty_message', 'message_too_long', 'invalid_tag', 'blocked'] as const;
const PAGE = ['invalid_page_key', 'not_found', 'not_friends'] as const;
const EDIT_POST = [...OPEN, ...TEXT, 'not_author', 'tag_too_long'] as const;
const DELETE_POST = [...OPEN, 'not_allowed'] as const;
const TAG_POST = [...OPEN, 'not_allowed', 'tag_too_long'] as const;
const TAKE_PART = [...OPEN, 'not_a_member'] as const;
const NEW_POST = [
  ...WRITE,
  ...TEXT,
  'tag_too_long',
  'invalid_target',
  'target_required',
  'invalid_attachment',
] as const;
const NEW_COMMENT = [...OPEN, ...TEXT, 'not_a_member', 'urgency_experts_only', 'invalid_attachment'] as const;
const EDIT_COMMENT = [...OPEN, ...TEXT, 'not_author', 'urgency_experts_only'] as const;
const DELETE_COMMENT = [...OPEN, 'not_allowed'] as const;
const NEW_POLL = [
  ...WRITE,
  'invalid_poll',
  'invalid_expiration',
  'message_too_long',
  'empty_message',
] as const;
const ANSWER_POLL = [...TAKE_PART, 'not_a_poll', 'poll_expired', 'invalid_answer'] as const;

export const FEED_ENDPOINTS = endpoints('feeds', FEED_ROUTES, {
  userFeeds: { query: UserFeedsQuery, response: UserFeedsResponse, errors: PAGE },
  communityFeeds: { query: CommunityFeedsQuery, response: CommunityFeedsResponse, errors: PAGE },
  userPost: { params: FeedIdParams, response: FeedPost, errors: OPEN },
  communityPost: { params: FeedIdParams, response: FeedPost, errors: OPEN },
  createUserPost: { rateLimit: perMinute(60), body: UserPostBody, response: FeedPost, errors: NEW_POST },
  createCommunityPost: {
    rateLimit: perMinute(60),
    body: CommunityPostBody,
    response: FeedPost,
    errors: NEW_POST,
  },
  editUserPost: {
    rateLimit: perMinute(60),
    params: FeedIdParams,
    body: EditPostBody,
    response: FeedPost,
    errors: EDIT_POST,
  },
  deleteUserPost: { params: FeedIdParams, response: DeletedResponse, errors: DELETE_POST },
  tagUserPost: {
    rateLimit: perMinute(60),
    params: FeedIdParams,
    body: PostTagsBody,
    response: FeedPost,
    errors: TAG_POST,
  },
  rateUserPost: {
    rateLimit: perMinute(60),
    params: FeedIdParams,
    body: RateBody,
    response: FeedPost,
    errors: TAKE_PART,
  },
  highFiveUserPost: { rateLimit: perMinute(60), params: FeedIdParams, response: FeedPost, errors: TAKE_PART },
  editCommunityPost: {
    rateLimit: perMinute(60),
    params: CommunityFeedParams,
    body: EditPostBody,
    response: FeedPost,
    errors: EDIT_POST,
  },
  deleteCommunityPost: { params: CommunityFeedParams, response: DeletedResponse, errors: DELETE_POST },
  tagCommunityPost: {
    rateLimit: perMinute(60),
    params: CommunityFeedParams,
    body: PostTagsBody,
    response: FeedPost,
    errors: TAG_POST,
  },
  rateCommunityPost: {
    rateLimit: perMinute(60),
    params: CommunityFeedParams,
    body: RateBody,
    response: FeedPost,
    errors: TAKE_PART,
  },
  highFiveCommunityPost: {
    rateLimit: perMinute(60),
    params: CommunityFeedParams,
    response: FeedPost,
    errors: TAKE_PART,
  },
  userComments: { query: UserCommentsQuery, response: UserCommentsResponse, errors: OPEN },
  communityComments: { query: CommunityCommentsQuery, response: CommunityCommentsResponse, errors: OPEN },
  createUserComment: {
    rateLimit: perMinute(60),
    body: UserCommentBody,
    response: FeedComment,
    errors: NEW_COMMENT,
  },
  createCommunityComment: {
    rateLimit: perMinute(60),
    body: CommunityCommentBody,
    response: FeedComment,
    errors: NEW_COMMENT,
  },
  editUserComment: {
    rateLimit: perMinute(60),
    params: CommentParams,
    body: EditCommentBody,
    response: FeedComment,
    errors: EDIT_COMMENT,
  },
  deleteUserComment: { params: CommentParams, response: DeletedResponse, errors: DELETE_COMMENT },
  editCommunityComment: {
    rateLimit: perMinute(60),
    params: CommentParams,
    body: EditCommentBody,
    response: FeedComment,
    errors: EDIT_COMMENT,
  },
  deleteCommunityComment: { params: CommentParams, response: DeletedResponse, errors: DELETE_COMMENT },
  createCommunityPoll: {
    rateLimit: perMinute(60),
    params: CommunityIdParams,
    body: PollBody,
    response: FeedPost,
    errors: NEW_POLL,
  },
  createPoll: { rateLimit: perMinute(60), body: PollBody, response: FeedPost, errors: NEW_POLL },
  answerCommunityPoll: {
    rateLimit: perMinute(60),
    params: CommunityFeedParams,
    body: PollAnswerBody,
    response: FeedPost,
    errors: ANSWER_POLL,
  },
  answerPoll: {
    rateLimit: perMinute(60),
    params: PollAnswerParams,
    body: PollAnswerBody,
    response: FeedPost,
    errors: ANSWER_POLL,
  },
});
