import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { keptJsonReplies } from '../../platform/kept-json';
import { route } from '../../platform/route';
import { activityHistory } from './history';
import { leaderboard } from './leaderboard';
import { ingestActivity, logActivity } from './service';
import { activitySummary } from './summary';

export async function activitiesRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.logActivity, {}, async (request, reply) => {
    const answer = await logActivity(deps, me(request).userId, request.body);
    return reply.status(201).send(answer);
  });

  route(
    app,
    ENDPOINTS.ingestActivity,
    {
      summary: 'An integration (app ids 1..7) sends a session of the signed-in member',
      description:
        'Idempotent by (app_id, external_id): the first call records the session, its SYSTEM_ACTIVITY post and ' +
        'its SESSION_ACTIVITY event and answers 201 with created true; a resend answers 200 with the same ' +
        'session and created false, changing nothing.',
    },
    async (request, reply) => {
      const answer = await ingestActivity(deps, me(request).userId, request.body);
      return reply.status(answer.created ? 201 : 200).send(answer);
    },
  );

  route(app, ENDPOINTS.activitySummary, {}, async (request) =>
    activitySummary(deps, me(request).userId, request.query),
  );

  // A history served again is the same object (HistoryCache): its JSON is written once, not at every read.
  const sendHistory = keptJsonReplies();
  route(app, ENDPOINTS.activityHistory, {}, async (request, reply) =>
    sendHistory(reply, await activityHistory(deps, me(request).userId, request.query)),
  );

  // A kept global board is served again as the same object (decision 0077): its JSON is written once.
  const sendBoard = keptJsonReplies();
  route(app, ENDPOINTS.leaderboard, {}, async (request, reply) =>
    sendBoard(reply, await leaderboard(deps, me(request).userId, request.query)),
  );
}
