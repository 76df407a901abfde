import {
  CommentParams,
  CommunityCommentBody,
  CommunityCommentsQuery,
  CommunityCommentsResponse,
  DeletedResponse,
  EditCommentBody,
  FeedComment,
  UserCommentBody,
  UserCommentsQuery,
  UserCommentsResponse,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { createComment, deleteComment, editComment, listComments } from './comments';
import { errors, tags } from './http';
import type { FeedPlace } from './policy';

const userFeed = (ownerId?: number): FeedPlace => ({ kind: 'user', ownerId });
const communityFeed = (communityId?: number): FeedPlace => ({ kind: 'community', communityId });

/** Comments of 001 §7: the owner (member or community) in the query or path must be the post's. */
export async function commentRoutes(app: App, deps: AppDeps) {
  const write = { rateLimit: rateLimit(deps.config.rateLimitFactor, 60) };
  const oneComment = { 200: FeedComment, ...errors };

  app.get(
    '/user/comments',
    { schema: { tags, querystring: UserCommentsQuery, response: { 200: UserCommentsResponse, ...errors } } },
    async (request) => ({
      user_feed_comments: await listComments(
        deps,
        me(request).userId,
        request.query.feed_id,
        userFeed(request.query.user_id),
      ),
    }),
  );

  app.get(
    '/community/feed/comments',
    {
      schema: {
        tags,
        querystring: CommunityCommentsQuery,
        response: { 200: CommunityCommentsResponse, ...errors },
      },
    },
    async (request) => ({
      community_feed_comments: await listComments(
        deps,
        me(request).userId,
        request.query.feed_id,
        communityFeed(request.query.community_id),
      ),
    }),
  );

  app.post(
    '/user/comment',
    { config: write, schema: { tags, body: UserCommentBody, response: oneComment } },
    async (request) =>
      createComment(
        deps,
        me(request).userId,
        request.body.feed_id,
        userFeed(request.body.user_id),
        request.body,
      ),
  );

  app.post(
    '/community/feed/comment',
    { config: write, schema: { tags, body: CommunityCommentBody, response: oneComment } },
    async (request) =>
      createComment(
        deps,
        me(request).userId,
        request.body.feed_id,
        communityFeed(request.body.community_id),
        request.body,
      ),
  );

  for (const [path, placeOf] of [
    ['/users/:id/feeds/:feedId/comments/:commentId', userFeed],
    ['/community/:id/feed/:feedId/comments/:commentId', communityFeed],
  ] as const) {
    app.put(
      path,
      { config: write, schema: { tags, params: CommentParams, body: EditCommentBody, response: oneComment } },
      async (request) => {
        const { id, feedId, commentId } = request.params;
        return editComment(deps, me(request).userId, feedId, commentId, placeOf(id), request.body);
      },
    );

    app.delete(
      path,
      { schema: { tags, params: CommentParams, response: { 200: DeletedResponse, ...errors } } },
      async (request) => {
        const { id, feedId, commentId } = request.params;
        return deleteComment(deps, me(request).userId, feedId, commentId, placeOf(id), request.log);
      },
    );
  }
}
