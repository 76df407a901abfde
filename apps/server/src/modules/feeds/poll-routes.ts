import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { answerPoll, createPoll } from './polls';

/** Polls of docs/product/feeds-and-comments.md#poll-create: in a community, or on a member's feed (their own, or a friend's with friend_id). */
export async function pollRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.createCommunityPoll, {}, async (request) =>
    createPoll(deps, me(request).userId, { kind: 'community', communityId: request.params.id }, request.body),
  );

  route(app, ENDPOINTS.createPoll, {}, async (request) => {
    const callerId = me(request).userId;
    return createPoll(
      deps,
      callerId,
      { kind: 'user', ownerId: request.body.friend_id ?? callerId },
      request.body,
    );
  });

  route(app, ENDPOINTS.answerCommunityPoll, {}, async (request) =>
    answerPoll(
      deps,
      me(request).userId,
      request.params.feedId,
      { kind: 'community', communityId: request.params.id },
      request.body.answerIndex,
    ),
  );

  route(app, ENDPOINTS.answerPoll, {}, async (request) =>
    answerPoll(deps, me(request).userId, request.params.feedId, { kind: 'user' }, request.body.answerIndex),
  );
}
