import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import {
  appCriteria,
  createMoment,
  ignoreMoment,
  leaderboard,
  markSeen,
  replayedSession,
  searchMoments,
} from './service';

export async function momentsRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.appCriteria, {}, async (request) => appCriteria(request.query.bg_app_id));

  route(app, ENDPOINTS.createMoment, {}, async (request) =>
    createMoment(deps, me(request).userId, request.body),
  );

  route(app, ENDPOINTS.searchMoments, {}, async (request) =>
    searchMoments(deps.db, me(request).userId, request.query),
  );

  route(app, ENDPOINTS.momentsSeen, {}, async (request) => markSeen(deps, me(request).userId, request.body));

  route(app, ENDPOINTS.ignoreMoment, {}, async (request) =>
    ignoreMoment(deps, me(request).userId, request.body.moment_id),
  );

  route(app, ENDPOINTS.replayedSession, {}, async (request) =>
    replayedSession(deps.db, me(request).userId, request.query.moment_id),
  );

  route(app, ENDPOINTS.momentLeaderboard, {}, async (request) =>
    leaderboard(deps.db, me(request).userId, request.query.moment_id),
  );
}
