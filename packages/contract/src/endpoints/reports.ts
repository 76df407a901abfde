import {
  CommunityIdParams,
  CreateReportBody,
  CreateReportResponse,
  ReportIdParams,
  ReportsQuery,
  ReportsResponse,
  ResolveReportBody,
  ResolveReportResponse,
} from '../schemas';
import { endpoints, perHour, perMinute } from './define';
import { REPORT_ROUTES } from './routes';

export const REPORT_ENDPOINTS = endpoints('reports', REPORT_ROUTES, {
  /**
   * 201 with a new report, 200 with the open one when the member reports the same thing again. A member
   * reports a few things in an hour, not a flood.
   */
  createReport: {
    rateLimit: perHour(30),
    body: CreateReportBody,
    response: CreateReportResponse,
    statuses: [200, 201],
    errors: ['not_found', 'cannot_report_self'],
  },
  communityReports: {
    params: CommunityIdParams,
    query: ReportsQuery,
    response: ReportsResponse,
    errors: ['not_found', 'not_a_member', 'not_an_expert'],
  },
  adminReports: { query: ReportsQuery, response: ReportsResponse, errors: ['not_org_admin'] },
  /** A report the caller may not read is a 404; one already dismissed or acted on, 409. */
  resolveReport: {
    rateLimit: perMinute(120),
    params: ReportIdParams,
    body: ResolveReportBody,
    response: ResolveReportResponse,
    errors: ['not_found', 'already_resolved'],
  },
});
