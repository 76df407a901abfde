import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { adminReports, communityReports, createReport, resolveReport } from './service';

/** Reports (issue 14, decision 0047): a member reports, the community's experts and the admins act. */
export async function reportsRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.createReport, {}, async (request, reply) => {
    const { status, body } = await createReport(deps, me(request).userId, request.body);
    return reply.status(status).send(body);
  });

  route(app, ENDPOINTS.communityReports, {}, async (request) =>
    communityReports(deps, me(request).userId, request.params.id, request.query.status),
  );

  route(app, ENDPOINTS.adminReports, {}, async (request) =>
    adminReports(deps, me(request).userId, request.query.status),
  );

  route(app, ENDPOINTS.resolveReport, {}, async (request) =>
    resolveReport(deps, request.log, me(request).userId, request.params.id, request.body),
  );
}

/** How many reports one member may send in an hour. */
export const REPORTS_PER_HOUR = 30;
