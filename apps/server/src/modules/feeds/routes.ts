import {
  CommunityFeedParams,
  CommunityFeedsQuery,
  CommunityFeedsResponse,
  CommunityPostBody,
  DeletedResponse,
  EditPostBody,
  FeedIdParams,
  FeedPost,
  PostTagsBody,
  RateBody,
  UserFeedsQuery,
  UserFeedsResponse,
  UserPostBody,
} from '@orbit/contract';
import type { AppDeps, CommunityFeedPage } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { commentRoutes } from './comment-routes';
import { communityFeedJson } from './community-page';
import { errors, tags } from './http';
import type { FeedPlace } from './policy';
import { pollRoutes } from './poll-routes';
import {
  createPost,
  deletePost,
  editPost,
  getPost,
  listFeed,
  ratePost,
  setPostTags,
  toggleHighFive,
} from './service';

const onePost = { 200: FeedPost, ...errors };

/** A user-feed route's post, or a community route's post in the community of its path. */
const userPost = (params: { id: number }) => ({ postId: params.id, place: { kind: 'user' } as FeedPlace });
const communityPost = (params: { id: number; feedId: number }) => ({
  postId: params.feedId,
  place: { kind: 'community', communityId: params.id } as FeedPlace,
});

export async function feedsRoutes(app: App, deps: AppDeps) {
  const write = { rateLimit: rateLimit(deps.config.rateLimitFactor, 60) };

  app.get(
    '/user/feeds',
    { schema: { tags, querystring: UserFeedsQuery, response: { 200: UserFeedsResponse, ...errors } } },
    async (request) => {
      const callerId = me(request).userId;
      const ownerId = request.query.user_id ?? callerId;
      const page = await listFeed(deps, callerId, { kind: 'user', ownerId }, request.query);
      return { user_feeds: page.items, older_key: page.older_key, newer_key: page.newer_key };
    },
  );

  app.get(
    '/community/feeds',
    {
      schema: {
        tags,
        querystring: CommunityFeedsQuery,
        response: { 200: CommunityFeedsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const serialize = (page: CommunityFeedPage) => reply.serialize(page) as string;
      const json = await communityFeedJson(deps, me(request).userId, request.query, serialize);
      // Already the schema's serialisation (a kept page's JSON is written once): Fastify sends it as it is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );

  app.get('/user/feed/:id', { schema: { tags, params: FeedIdParams, response: onePost } }, async (request) =>
    getPost(deps, me(request).userId, request.params.id, { kind: 'user' }),
  );

  app.get(
    '/community/feed/:id',
    { schema: { tags, params: FeedIdParams, response: onePost } },
    async (request) => getPost(deps, me(request).userId, request.params.id, { kind: 'community' }),
  );

  app.post(
    '/user/feed',
    { config: write, schema: { tags, body: UserPostBody, response: onePost } },
    async (request) => {
      const callerId = me(request).userId;
      const place = { kind: 'user', ownerId: request.body.owner_user_id ?? callerId } as const;
      return createPost(deps, callerId, place, request.body);
    },
  );

  app.post(
    '/community/feed',
    { config: write, schema: { tags, body: CommunityPostBody, response: onePost } },
    async (request) => {
      const place = { kind: 'community', communityId: request.body.community_id } as const;
      return createPost(deps, me(request).userId, place, request.body);
    },
  );

  for (const [path, params, postOf] of [
    ['/user/feed/:id', FeedIdParams, userPost],
    ['/communities/:id/feeds/:feedId', CommunityFeedParams, communityPost],
  ] as const) {
    const at = (raw: unknown) => (postOf as (p: unknown) => ReturnType<typeof userPost>)(raw);

    app.put(
      path,
      { config: write, schema: { tags, params, body: EditPostBody, response: onePost } },
      async (request) => {
        const { postId, place } = at(request.params);
        return editPost(deps, me(request).userId, postId, place, request.body);
      },
    );

    app.delete(
      path,
      { schema: { tags, params, response: { 200: DeletedResponse, ...errors } } },
      async (request) => {
        const { postId, place } = at(request.params);
        return deletePost(deps, me(request).userId, postId, place, request.log);
      },
    );

    app.put(
      `${path}/tags`,
      { config: write, schema: { tags, params, body: PostTagsBody, response: onePost } },
      async (request) => {
        const { postId, place } = at(request.params);
        return setPostTags(deps, me(request).userId, postId, place, request.body.tags);
      },
    );

    app.post(
      `${path}/rate`,
      { config: write, schema: { tags, params, body: RateBody, response: onePost } },
      async (request) => {
        const { postId, place } = at(request.params);
        return ratePost(deps, me(request).userId, postId, place, request.body.rating);
      },
    );

    app.post(
      `${path}/h5`,
      { config: write, schema: { tags, params, response: onePost } },
      async (request) => {
        const { postId, place } = at(request.params);
        return toggleHighFive(deps, me(request).userId, postId, place);
      },
    );
  }

  await commentRoutes(app, deps);
  await pollRoutes(app, deps);
}
