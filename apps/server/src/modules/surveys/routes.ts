import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { adminSurveys, createSurvey, updateSurvey } from './admin';
import { listSurveys, respond } from './service';

export async function surveysRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.surveys, {}, async (request) => listSurveys(deps.db, me(request).userId));

  route(app, ENDPOINTS.answerSurvey, {}, async (request) =>
    respond(deps, me(request).userId, request.params.id, request.body),
  );

  route(app, ENDPOINTS.adminSurveys, {}, async (request) => adminSurveys(deps.db, me(request).userId));

  route(app, ENDPOINTS.createSurvey, {}, async (request, reply) =>
    reply.status(201).send(await createSurvey(deps, me(request).userId, request.body)),
  );

  route(app, ENDPOINTS.updateSurvey, {}, async (request) =>
    updateSurvey(deps, me(request).userId, request.params.id, request.body),
  );
}
