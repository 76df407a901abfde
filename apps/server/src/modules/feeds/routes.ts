import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps, CommunityFeedPage } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { commentRoutes } from './comment-routes';
import { communityFeedJson } from './community-page';
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

interface PostAt {
  postId: number;
  place: FeedPlace;
}

/** A user-feed route's post, or a community route's post in the community of its path. */
const userPost = (params: { id: number }): PostAt => ({ postId: params.id, place: { kind: 'user' } });
const communityPost = (params: { id: number; feedId: number }): PostAt => ({
  postId: params.feedId,
  place: { kind: 'community', communityId: params.id },
});

/** The same actions on a post of a member's feed and of a community's, each where its path puts the post. */
const POST_ACTIONS = [
  {
    at: userPost,
    edit: ENDPOINTS.editUserPost,
    remove: ENDPOINTS.deleteUserPost,
    tag: ENDPOINTS.tagUserPost,
    rate: ENDPOINTS.rateUserPost,
    highFive: ENDPOINTS.highFiveUserPost,
  },
  {
    at: communityPost,
    edit: ENDPOINTS.editCommunityPost,
    remove: ENDPOINTS.deleteCommunityPost,
    tag: ENDPOINTS.tagCommunityPost,
    rate: ENDPOINTS.rateCommunityPost,
    highFive: ENDPOINTS.highFiveCommunityPost,
  },
] as const;

export async function feedsRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.userFeeds, {}, async (request) => {
    const callerId = me(request).userId;
    const ownerId = request.query.user_id ?? callerId;
    const page = await listFeed(deps, callerId, { kind: 'user', ownerId }, request.query);
    return { user_feeds: page.items, older_key: page.older_key, newer_key: page.newer_key };
  });

  route(app, ENDPOINTS.communityFeeds, {}, async (request, reply) => {
    const serialize = (page: CommunityFeedPage) => reply.serialize(page) as string;
    const page = await communityFeedJson(deps, me(request).userId, request.query, serialize);
    return page.send(reply);
  });

  route(app, ENDPOINTS.userPost, {}, async (request) =>
    getPost(deps, me(request).userId, request.params.id, { kind: 'user' }),
  );

  route(app, ENDPOINTS.communityPost, {}, async (request) =>
    getPost(deps, me(request).userId, request.params.id, { kind: 'community' }),
  );

  route(app, ENDPOINTS.createUserPost, {}, async (request) => {
    const callerId = me(request).userId;
    const place = { kind: 'user', ownerId: request.body.owner_user_id ?? callerId } as const;
    return createPost(deps, callerId, place, request.body);
  });

  route(app, ENDPOINTS.createCommunityPost, {}, async (request) => {
    const place = { kind: 'community', communityId: request.body.community_id } as const;
    return createPost(deps, me(request).userId, place, request.body);
  });

  for (const { at, ...post } of POST_ACTIONS) {
    const postAt = at as (params: unknown) => PostAt;

    route(app, post.edit, {}, async (request) => {
      const { postId, place } = postAt(request.params);
      return editPost(deps, me(request).userId, postId, place, request.body);
    });

    route(app, post.remove, {}, async (request) => {
      const { postId, place } = postAt(request.params);
      return deletePost(deps, me(request).userId, postId, place, request.log);
    });

    route(app, post.tag, {}, async (request) => {
      const { postId, place } = postAt(request.params);
      return setPostTags(deps, me(request).userId, postId, place, request.body.tags);
    });

    route(app, post.rate, {}, async (request) => {
      const { postId, place } = postAt(request.params);
      return ratePost(deps, me(request).userId, postId, place, request.body.rating);
    });

    route(app, post.highFive, {}, async (request) => {
      const { postId, place } = postAt(request.params);
      return toggleHighFive(deps, me(request).userId, postId, place);
    });
  }

  await commentRoutes(app, deps);
  await pollRoutes(app, deps);
}
