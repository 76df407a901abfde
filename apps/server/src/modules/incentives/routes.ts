import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { adminPlans, createPlan, updatePlan } from './admin';
import { historyDetails, historySummary, incentiveDetails, listPlans } from './service';

export async function incentivesRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.incentivePlans, {}, async (request) => listPlans(deps.db, me(request).userId));

  route(app, ENDPOINTS.incentiveDetails, {}, async (request) =>
    incentiveDetails(deps.db, me(request).userId, request.query.incentive_plan_id),
  );

  route(app, ENDPOINTS.incentiveHistorySummary, {}, async (request) =>
    historySummary(deps.db, me(request).userId, request.query),
  );

  route(app, ENDPOINTS.incentiveHistoryDetails, {}, async (request) =>
    historyDetails(deps.db, me(request).userId, request.query),
  );

  route(app, ENDPOINTS.adminIncentivePlans, {}, async (request) => adminPlans(deps.db, me(request).userId));

  route(app, ENDPOINTS.createIncentivePlan, {}, async (request, reply) =>
    reply.status(201).send(await createPlan(deps, me(request).userId, request.body)),
  );

  route(app, ENDPOINTS.updateIncentivePlan, {}, async (request) =>
    updatePlan(deps, me(request).userId, request.params.id, request.body),
  );
}
