import { ACCOUNT_ENDPOINTS } from './account';
import { ACTIVITY_ENDPOINTS } from './activities';
import {
  ADMIN_ENDPOINTS,
  LOCALE_ENDPOINTS,
  OPERATIONS_ENDPOINTS,
  REALTIME_ENDPOINTS,
  TAG_ENDPOINTS,
} from './app';
import { ATTACHMENT_ENDPOINTS } from './attachments';
import { AUTH_ENDPOINTS } from './auth';
import { CALL_ENDPOINTS } from './calls';
import { COMMUNITY_ENDPOINTS } from './communities';
import { FEED_ENDPOINTS } from './feeds';
import { BLOCK_ENDPOINTS, FRIEND_ENDPOINTS, STAR_ENDPOINTS } from './friends';
import { IMAGE_ENDPOINTS } from './images';
import { LESSON_ENDPOINTS } from './lessons';
import { MESSAGE_ENDPOINTS } from './messages';
import { MOMENT_ENDPOINTS } from './moments';
import { MOOD_ENDPOINTS } from './moods';
import { NOTIFICATION_ENDPOINTS } from './notifications';
import { PASSWORD_ENDPOINTS } from './passwords';
import { INCENTIVE_ENDPOINTS, SURVEY_ENDPOINTS, TOURNAMENT_ENDPOINTS } from './programs';
import { PUSH_ENDPOINTS } from './push';
import { REMINDER_ENDPOINTS } from './reminders';
import { REPORT_ENDPOINTS } from './reports';
import {
  ACCOUNT_ROUTES,
  ACTIVITY_ROUTES,
  ADMIN_ROUTES,
  ATTACHMENT_ROUTES,
  AUTH_ROUTES,
  BLOCK_ROUTES,
  CALL_ROUTES,
  COMMUNITY_ROUTES,
  FEED_ROUTES,
  FRIEND_ROUTES,
  IMAGE_ROUTES,
  INCENTIVE_ROUTES,
  LESSON_ROUTES,
  LOCALE_ROUTES,
  MESSAGE_ROUTES,
  MOMENT_ROUTES,
  MOOD_ROUTES,
  NOTIFICATION_ROUTES,
  OPERATIONS_ROUTES,
  PASSWORD_ROUTES,
  PUSH_ROUTES,
  REALTIME_ROUTES,
  REMINDER_ROUTES,
  REPORT_ROUTES,
  SEARCH_ROUTES,
  SECURITY_ROUTES,
  STAR_ROUTES,
  SURVEY_ROUTES,
  TAG_ROUTES,
  TOURNAMENT_ROUTES,
  USER_ROUTES,
} from './routes';
import { SECURITY_ENDPOINTS } from './security';
import { SEARCH_ENDPOINTS, USER_ENDPOINTS } from './users';

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
  ...BLOCK_ROUTES,
  ...USER_ROUTES,
  ...SEARCH_ROUTES,
  ...AUTH_ROUTES,
  ...PASSWORD_ROUTES,
  ...CALL_ROUTES,
  ...IMAGE_ROUTES,
  ...LOCALE_ROUTES,
  ...TAG_ROUTES,
  ...ADMIN_ROUTES,
  ...INCENTIVE_ROUTES,
  ...SURVEY_ROUTES,
  ...TOURNAMENT_ROUTES,
  ...REALTIME_ROUTES,
  ...LESSON_ROUTES,
  ...ACTIVITY_ROUTES,
  ...MOOD_ROUTES,
  ...REPORT_ROUTES,
  ...SECURITY_ROUTES,
  ...ACCOUNT_ROUTES,
  ...PUSH_ROUTES,
  ...REMINDER_ROUTES,
  ...OPERATIONS_ROUTES,
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
  ...BLOCK_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...SEARCH_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...PASSWORD_ENDPOINTS,
  ...CALL_ENDPOINTS,
  ...IMAGE_ENDPOINTS,
  ...LOCALE_ENDPOINTS,
  ...TAG_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...INCENTIVE_ENDPOINTS,
  ...SURVEY_ENDPOINTS,
  ...TOURNAMENT_ENDPOINTS,
  ...REALTIME_ENDPOINTS,
  ...LESSON_ENDPOINTS,
  ...ACTIVITY_ENDPOINTS,
  ...MOOD_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  ...SECURITY_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...PUSH_ENDPOINTS,
  ...REMINDER_ENDPOINTS,
  ...OPERATIONS_ENDPOINTS,
}))();

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

export type RouteName = keyof typeof ROUTES;

/**
 * An endpoint's method, and its path under /api with the params filled in: `communityPost`, `{ id: 3 }`:
 * `/community/feed/3`. The web's `call` and the server tests' `call` both build their requests with it.
 */
export function endpointRequest(name: RouteName, params?: object) {
  const route = ROUTES[name];
  const space = route.indexOf(' ');
  const values = (params ?? {}) as Record<string, string | number>;
  const path = route
    .slice(space + 1)
    .replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(values[key])));
  return { method: route.slice(0, space) as 'GET' | 'POST' | 'PUT' | 'DELETE', path };
}
