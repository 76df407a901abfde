import {
  AdminSurvey,
  AdminSurveysResponse,
  ErrorResponse,
  SurveyIdParams,
  SurveyInput,
  SurveyResponseBody,
  SurveyResponseResult,
  SurveysResponse,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { adminSurveys, createSurvey, updateSurvey } from './admin';
import { listSurveys, respond } from './service';

const tags = ['surveys'];
const errors = { '4xx': ErrorResponse };

export async function surveysRoutes(app: App, deps: AppDeps) {
  app.get('/surveys', { schema: { tags, response: { 200: SurveysResponse, ...errors } } }, async (request) =>
    listSurveys(deps.db, me(request).userId),
  );

  app.post(
    '/surveys/response/:id',
    {
      config: { rateLimit: rateLimit(deps.config.rateLimitFactor, 60) },
      schema: {
        tags,
        params: SurveyIdParams,
        body: SurveyResponseBody,
        response: { 200: SurveyResponseResult, ...errors },
      },
    },
    async (request) => respond(deps, me(request).userId, request.params.id, request.body),
  );

  app.get(
    '/admin/surveys',
    { schema: { tags, response: { 200: AdminSurveysResponse, ...errors } } },
    async (request) => adminSurveys(deps.db, me(request).userId),
  );

  app.post(
    '/admin/surveys',
    { schema: { tags, body: SurveyInput, response: { 201: AdminSurvey, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await createSurvey(deps, me(request).userId, request.body)),
  );

  app.put(
    '/admin/surveys/:id',
    {
      schema: { tags, params: SurveyIdParams, body: SurveyInput, response: { 200: AdminSurvey, ...errors } },
    },
    async (request) => updateSurvey(deps, me(request).userId, request.params.id, request.body),
  );
}
