import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { createComment, deleteComment, editComment, listComments } from './comments';
import type { FeedPlace } from './policy';

const userFeed = (ownerId?: number): FeedPlace => ({ kind: 'user', ownerId });
const communityFeed = (communityId?: number): FeedPlace => ({ kind: 'community', communityId });

/** Editing and deleting a comment, on a member's feed and a community's: the path's owner is the post's. */
const COMMENT_ACTIONS = [
  { placeOf: userFeed, edit: ENDPOINTS.editUserComment, remove: ENDPOINTS.deleteUserComment },
  { placeOf: communityFeed, edit: ENDPOINTS.editCommunityComment, remove: ENDPOINTS.deleteCommunityComment },
] as const;

/** Comments of docs/product/feeds-and-comments.md#post-writer: the owner (member or community) in the query or path must be the post's. */
export async function commentRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.userComments, {}, async (request) => ({
    user_feed_comments: await listComments(
      deps,
      me(request).userId,
      request.query.feed_id,
      userFeed(request.query.user_id),
    ),
  }));

  route(app, ENDPOINTS.communityComments, {}, async (request) => ({
    community_feed_comments: await listComments(
      deps,
      me(request).userId,
      request.query.feed_id,
      communityFeed(request.query.community_id),
    ),
  }));

  route(app, ENDPOINTS.createUserComment, {}, async (request) =>
    createComment(
      deps,
      me(request).userId,
      request.body.feed_id,
      userFeed(request.body.user_id),
      request.body,
    ),
  );

  route(app, ENDPOINTS.createCommunityComment, {}, async (request) =>
    createComment(
      deps,
      me(request).userId,
      request.body.feed_id,
      communityFeed(request.body.community_id),
      request.body,
    ),
  );

  for (const { placeOf, edit, remove } of COMMENT_ACTIONS) {
    route(app, edit, {}, async (request) => {
      const { id, feedId, commentId } = request.params;
      return editComment(deps, me(request).userId, feedId, commentId, placeOf(id), request.body);
    });

    route(app, remove, {}, async (request) => {
      const { id, feedId, commentId } = request.params;
      return deleteComment(deps, me(request).userId, feedId, commentId, placeOf(id), request.log);
    });
  }
}
