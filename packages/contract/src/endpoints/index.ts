import { ATTACHMENT_ENDPOINTS, ATTACHMENT_ROUTES } from './attachments';
import { AUTH_ENDPOINTS, AUTH_ROUTES } from './auth';
import { CALL_ENDPOINTS, CALL_ROUTES } from './calls';
import { COMMUNITY_ENDPOINTS, COMMUNITY_ROUTES } from './communities';
import { FEED_ENDPOINTS, FEED_ROUTES } from './feeds';
import { FRIEND_ENDPOINTS, FRIEND_ROUTES, STAR_ENDPOINTS, STAR_ROUTES } from './friends';
import {
  ADMIN_ENDPOINTS,
  ADMIN_ROUTES,
  IMAGE_ENDPOINTS,
  IMAGE_ROUTES,
  LOCALE_ENDPOINTS,
  LOCALE_ROUTES,
  REALTIME_ENDPOINTS,
  REALTIME_ROUTES,
  TAG_ENDPOINTS,
  TAG_ROUTES,
} from './images';
import { MESSAGE_ENDPOINTS, MESSAGE_ROUTES } from './messages';
import { MOMENT_ENDPOINTS, MOMENT_ROUTES } from './moments';
import { NOTIFICATION_ENDPOINTS, NOTIFICATION_ROUTES } from './notifications';
import {
  INCENTIVE_ENDPOINTS,
  INCENTIVE_ROUTES,
  SURVEY_ENDPOINTS,
  SURVEY_ROUTES,
  TOURNAMENT_ENDPOINTS,
  TOURNAMENT_ROUTES,
} from './programs';
import { SEARCH_ENDPOINTS, SEARCH_ROUTES, USER_ENDPOINTS, USER_ROUTES } from './users';

export * from './define';

/**
 * Every route of the API by name, as method and path: what the web's `call` needs at run time, kept apart
 * from the schemas so the web bundle holds none of them (docs/decisions/0035).
 */
export const ROUTES = {
  ...FEED_ROUTES,
  ...COMMUNITY_ROUTES,
  ...ATTACHMENT_ROUTES,
  ...MESSAGE_ROUTES,
  ...NOTIFICATION_ROUTES,
  ...MOMENT_ROUTES,
  ...FRIEND_ROUTES,
  ...STAR_ROUTES,
  ...USER_ROUTES,
  ...SEARCH_ROUTES,
  ...AUTH_ROUTES,
  ...CALL_ROUTES,
  ...IMAGE_ROUTES,
  ...LOCALE_ROUTES,
  ...TAG_ROUTES,
  ...ADMIN_ROUTES,
  ...INCENTIVE_ROUTES,
  ...SURVEY_ROUTES,
  ...TOURNAMENT_ROUTES,
  ...REALTIME_ROUTES,
};

/**
 * Every route of the API by name: method, path, schemas and error codes (docs/decisions/0035). Marked pure
 * (a spread is not, to the bundler) so the web bundle, which never reads it, leaves it and its schemas out.
 */
export const ENDPOINTS = /* @__PURE__ */ (() => ({
  ...FEED_ENDPOINTS,
  ...COMMUNITY_ENDPOINTS,
  ...ATTACHMENT_ENDPOINTS,
  ...MESSAGE_ENDPOINTS,
  ...NOTIFICATION_ENDPOINTS,
  ...MOMENT_ENDPOINTS,
  ...FRIEND_ENDPOINTS,
  ...STAR_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...SEARCH_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...CALL_ENDPOINTS,
  ...IMAGE_ENDPOINTS,
  ...LOCALE_ENDPOINTS,
  ...TAG_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...INCENTIVE_ENDPOINTS,
  ...SURVEY_ENDPOINTS,
  ...TOURNAMENT_ENDPOINTS,
  ...REALTIME_ENDPOINTS,
}))();

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
