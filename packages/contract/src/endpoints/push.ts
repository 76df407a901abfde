import {
  Ok,
  PushKeyResponse,
  PushPreferences,
  PushPreferencesBody,
  PushSubscriptionBody,
  PushSubscriptionCreated,
  PushSubscriptionParams,
  PushSubscriptionsResponse,
} from '../schemas';
import { endpoints, perHour, perMinute } from './define';
import { PUSH_ROUTES } from './routes';

/**
 * Web Push (issue 26, docs/decisions/0053). The key is public: the browser needs it to subscribe. The same
 * endpoint subscribed again answers its id (200); another member's subscription is a 404.
 */
export const PUSH_ENDPOINTS = endpoints('push', PUSH_ROUTES, {
  pushKey: { response: PushKeyResponse, errors: [], public: true },
  // A subscription is made once per device and permission; each one costs a DNS lookup.
  subscribePush: {
    rateLimit: perHour(20),
    body: PushSubscriptionBody,
    response: PushSubscriptionCreated,
    statuses: [200, 201],
    errors: ['invalid_subscription'],
  },
  pushSubscriptions: { response: PushSubscriptionsResponse, errors: [] },
  unsubscribePush: {
    rateLimit: perMinute(60),
    params: PushSubscriptionParams,
    response: Ok,
    errors: ['not_found'],
  },
  pushPreferences: { response: PushPreferences, errors: [] },
  updatePushPreferences: {
    rateLimit: perMinute(60),
    body: PushPreferencesBody,
    response: PushPreferences,
    errors: [],
  },
});
