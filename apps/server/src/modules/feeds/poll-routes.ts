import {
  CommunityFeedParams,
  CommunityIdParams,
  FeedPost,
  PollAnswerBody,
  PollAnswerParams,
  PollBody,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { errors, tags } from './http';
import { answerPoll, createPoll } from './polls';

/** Polls of 001 §7: in a community, or on a member's feed (their own, or a friend's with friend_id). */
export async function pollRoutes(app: App, deps: AppDeps) {
  const write = { rateLimit: rateLimit(deps.config.rateLimitFactor, 60) };
  const onePost = { 200: FeedPost, ...errors };

  app.post(
    '/communities/:id/polls',
    { config: write, schema: { tags, params: CommunityIdParams, body: PollBody, response: onePost } },
    async (request) =>
      createPoll(
        deps,
        me(request).userId,
        { kind: 'community', communityId: request.params.id },
        request.body,
      ),
  );

  app.post(
    '/polls',
    { config: write, schema: { tags, body: PollBody, response: onePost } },
    async (request) => {
      const callerId = me(request).userId;
      return createPoll(
        deps,
        callerId,
        { kind: 'user', ownerId: request.body.friend_id ?? callerId },
        request.body,
      );
    },
  );

  app.post(
    '/communities/:id/polls/:feedId/answers',
    { config: write, schema: { tags, params: CommunityFeedParams, body: PollAnswerBody, response: onePost } },
    async (request) =>
      answerPoll(
        deps,
        me(request).userId,
        request.params.feedId,
        { kind: 'community', communityId: request.params.id },
        request.body.answerIndex,
      ),
  );

  app.post(
    '/polls/:feedId/answers',
    { config: write, schema: { tags, params: PollAnswerParams, body: PollAnswerBody, response: onePost } },
    async (request) =>
      answerPoll(deps, me(request).userId, request.params.feedId, { kind: 'user' }, request.body.answerIndex),
  );
}
