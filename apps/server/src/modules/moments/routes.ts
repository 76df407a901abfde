import {
  AppQuery,
  AppResponse,
  CreateMomentBody,
  ErrorResponse,
  IgnoreMomentBody,
  Moment,
  MomentIdQuery,
  MomentLeaderboardResponse,
  MomentSearchQuery,
  MomentSearchResponse,
  MomentsStatusBody,
  Ok,
  ReplayedSessionResponse,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import {
  appCriteria,
  createMoment,
  ignoreMoment,
  leaderboard,
  markSeen,
  replayedSession,
  searchMoments,
} from './service';

const tags = ['moments'];
const errors = { '4xx': ErrorResponse };

export async function momentsRoutes(app: App, deps: AppDeps) {
  app.get(
    '/app',
    { schema: { tags, querystring: AppQuery, response: { 200: AppResponse, ...errors } } },
    async (request) => appCriteria(request.query.bg_app_id),
  );

  app.post(
    '/user/moments',
    {
      config: { rateLimit: rateLimit(deps.config.rateLimitFactor, 60) },
      schema: { tags, body: CreateMomentBody, response: { 200: Moment, ...errors } },
    },
    async (request) => createMoment(deps, me(request).userId, request.body),
  );

  app.get(
    '/user/moments/search',
    { schema: { tags, querystring: MomentSearchQuery, response: { 200: MomentSearchResponse, ...errors } } },
    async (request) => searchMoments(deps.db, me(request).userId, request.query),
  );

  app.post(
    '/v4/user/moments-status',
    { schema: { tags, body: MomentsStatusBody, response: { 200: Ok, ...errors } } },
    async (request) => markSeen(deps, me(request).userId, request.body),
  );

  app.put(
    '/user/moments',
    { schema: { tags, body: IgnoreMomentBody, response: { 200: Ok, ...errors } } },
    async (request) => ignoreMoment(deps, me(request).userId, request.body.moment_id),
  );

  app.get(
    '/user/moments/replayed_session',
    { schema: { tags, querystring: MomentIdQuery, response: { 200: ReplayedSessionResponse, ...errors } } },
    async (request) => replayedSession(deps.db, me(request).userId, request.query.moment_id),
  );

  app.get(
    '/user/moments/leaderboard',
    { schema: { tags, querystring: MomentIdQuery, response: { 200: MomentLeaderboardResponse, ...errors } } },
    async (request) => leaderboard(deps.db, me(request).userId, request.query.moment_id),
  );
}
