import {
  ActivityHistoryQuery,
  ActivityHistoryResponse,
  ActivitySummaryQuery,
  ActivitySummaryResponse,
  ErrorResponse,
  IngestSessionBody,
  LeaderboardQuery,
  LeaderboardResponse,
  LoggedSessionResponse,
  LogSessionBody,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { activityHistory } from './history';
import { leaderboard } from './leaderboard';
import { ingestActivity, logActivity } from './service';
import { activitySummary } from './summary';

const tags = ['activity'];
const errors = { '4xx': ErrorResponse };
const logged = { 200: LoggedSessionResponse, 201: LoggedSessionResponse, ...errors };

export async function activitiesRoutes(app: App, deps: AppDeps) {
  const write = { rateLimit: rateLimit(deps.config.rateLimitFactor, 60) };

  app.post(
    '/user/activity/sessions',
    { config: write, schema: { tags, body: LogSessionBody, response: logged } },
    async (request, reply) => {
      const answer = await logActivity(deps, me(request).userId, request.body);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/integrations/activity/sessions',
    {
      config: { rateLimit: rateLimit(deps.config.rateLimitFactor, 600) },
      schema: {
        tags,
        summary: 'An integration (app ids 1..7) sends a session of the signed-in member',
        description:
          'Idempotent by (app_id, external_id): the first call records the session, its SYSTEM_ACTIVITY post and ' +
          'its SESSION_ACTIVITY event and answers 201 with created true; a resend answers 200 with the same ' +
          'session and created false, changing nothing.',
        body: IngestSessionBody,
        response: logged,
      },
    },
    async (request, reply) => {
      const answer = await ingestActivity(deps, me(request).userId, request.body);
      return reply.status(answer.created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/user/activity/summary',
    {
      schema: {
        tags,
        querystring: ActivitySummaryQuery,
        response: { 200: ActivitySummaryResponse, ...errors },
      },
    },
    async (request) => activitySummary(deps, me(request).userId, request.query),
  );

  app.get(
    '/user/activity/history',
    {
      schema: {
        tags,
        querystring: ActivityHistoryQuery,
        response: { 200: ActivityHistoryResponse, ...errors },
      },
    },
    async (request) => activityHistory(deps, me(request).userId, request.query),
  );

  app.get(
    '/user/community/leaderboard',
    { schema: { tags, querystring: LeaderboardQuery, response: { 200: LeaderboardResponse, ...errors } } },
    async (request) => leaderboard(deps, me(request).userId, request.query),
  );
}
