import {
  AdminIncentivePlan,
  AdminIncentivePlansResponse,
  ErrorResponse,
  IncentiveDetails,
  IncentiveHistoryDetails,
  IncentiveHistoryQuery,
  IncentiveHistorySummary,
  IncentivePlanInput,
  IncentivePlanQuery,
  IncentivePlansResponse,
  PlanIdParams,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { adminPlans, createPlan, updatePlan } from './admin';
import { historyDetails, historySummary, incentiveDetails, listPlans } from './service';

const tags = ['incentives'];
const errors = { '4xx': ErrorResponse };

export async function incentivesRoutes(app: App, deps: AppDeps) {
  app.get(
    '/user/incentive/plans',
    { schema: { tags, response: { 200: IncentivePlansResponse, ...errors } } },
    async (request) => listPlans(deps.db, me(request).userId),
  );

  app.get(
    '/user/incentive/details',
    { schema: { tags, querystring: IncentivePlanQuery, response: { 200: IncentiveDetails, ...errors } } },
    async (request) => incentiveDetails(deps.db, me(request).userId, request.query.incentive_plan_id),
  );

  app.get(
    '/user/incentive/history/summary',
    {
      schema: {
        tags,
        querystring: IncentiveHistoryQuery,
        response: { 200: IncentiveHistorySummary, ...errors },
      },
    },
    async (request) => historySummary(deps.db, me(request).userId, request.query),
  );

  app.get(
    '/user/incentive/history/details',
    {
      schema: {
        tags,
        querystring: IncentiveHistoryQuery,
        response: { 200: IncentiveHistoryDetails, ...errors },
      },
    },
    async (request) => historyDetails(deps.db, me(request).userId, request.query),
  );

  app.get(
    '/admin/incentive-plans',
    { schema: { tags, response: { 200: AdminIncentivePlansResponse, ...errors } } },
    async (request) => adminPlans(deps.db, me(request).userId),
  );

  app.post(
    '/admin/incentive-plans',
    { schema: { tags, body: IncentivePlanInput, response: { 201: AdminIncentivePlan, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await createPlan(deps, me(request).userId, request.body)),
  );

  app.put(
    '/admin/incentive-plans/:id',
    {
      schema: {
        tags,
        params: PlanIdParams,
        body: IncentivePlanInput,
        response: { 200: AdminIncentivePlan, ...errors },
      },
    },
    async (request) => updatePlan(deps, me(request).userId, request.params.id, request.body),
  );
}
