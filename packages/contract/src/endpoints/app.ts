import {
  AdminOrganizationsResponse,
  HealthResponse,
  LocaleQuery,
  LocaleResponse,
  ReadyResponse,
  TagsQuery,
  TagsResponse,
  VersionQuery,
  VersionResponse,
  WsUrlResponse,
} from '../schemas';
import { endpoints, perMinute } from './define';
import { ADMIN_ROUTES, LOCALE_ROUTES, OPERATIONS_ROUTES, REALTIME_ROUTES, TAG_ROUTES } from './routes';

/* The small modules of one or two calls each: dictionaries and version gate, prior tags, admin scope, socket. */

export const LOCALE_ENDPOINTS = endpoints('locale', LOCALE_ROUTES, {
  locale: { public: true, query: LocaleQuery, response: LocaleResponse, errors: [] },
  version: { public: true, query: VersionQuery, response: VersionResponse, errors: [] },
});

export const TAG_ENDPOINTS = endpoints('tags', TAG_ROUTES, {
  priorTags: { query: TagsQuery, response: TagsResponse, errors: [] },
});

export const ADMIN_ENDPOINTS = endpoints('admin', ADMIN_ROUTES, {
  adminOrganizations: { response: AdminOrganizationsResponse, errors: ['not_org_admin'] },
});

export const REALTIME_ENDPOINTS = endpoints('realtime', REALTIME_ROUTES, {
  socketUrl: { rateLimit: perMinute(60), response: WsUrlResponse, errors: [] },
});

/**
 * Operators' endpoints (issue 27, decision 0055): no session. Readiness answers 503 with the same body when
 * it is not ready; metrics answers Prometheus text only with METRICS_TOKEN as a bearer, and 404 while unset.
 */
export const OPERATIONS_ENDPOINTS = endpoints('operations', OPERATIONS_ROUTES, {
  health: { public: true, response: HealthResponse, errors: [] },
  readiness: { public: true, response: ReadyResponse, statuses: [200, 503], errors: [] },
  metrics: { public: true, errors: ['not_found'] },
});
