import {
  AdminOrganizationsResponse,
  LocaleQuery,
  LocaleResponse,
  TagsQuery,
  TagsResponse,
  VersionQuery,
  VersionResponse,
  WsUrlResponse,
} from '../schemas';
import { endpoints } from './define';
import { ADMIN_ROUTES, LOCALE_ROUTES, REALTIME_ROUTES, TAG_ROUTES } from './routes';

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
  socketUrl: { response: WsUrlResponse, errors: [] },
});
