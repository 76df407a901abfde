/** The feeds module's entry: what other modules may use of it (docs/decisions/0033). */
export { feedsAccount } from './account';
export {
  type CommentInput,
  openForComment,
  presentOne as presentCommentFor,
  publishNewComment,
  removeComment,
  writeComment,
} from './comments';
export { announceComment, announcePost } from './events';
export { removeStoredFiles, type WarnLog } from './files';
export { usersByIds } from './loader';
export { findComment, findPost, openCommentById, openPostById, removePost } from './moderation';
export { CommunityPageCache } from './page-cache';
export { assertAuthor, assertMayPostOn, type FeedPlace, openPost, seesComment } from './policy';
export { ANONYMOUS_NAME, presentAttachment } from './presenter';
export { type PostInput, presentFor, publishNewPost, writePost } from './service';
