import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { route } from '../../platform/route';
import { PushEndpoints } from './endpoint';
import {
  preferencesOf,
  pushKey,
  subscribe,
  subscriptionsOf,
  unsubscribe,
  updatePreferences,
} from './service';

/** Web Push (issue 26, decision 0053): the key, the device's subscription, what may reach it. */
export async function pushRoutes(app: App, deps: AppDeps) {
  const endpoints = new PushEndpoints(deps.config.pushAllowedHosts);
  // A subscription is made once per device and permission; each one costs a DNS lookup.
  const subscribing = { config: { rateLimit: rateLimit(deps.config.rateLimitFactor, 20, '1 hour') } };
  const changing = { config: { rateLimit: rateLimit(deps.config.rateLimitFactor, 60) } };

  route(app, ENDPOINTS.pushKey, {}, async () => pushKey(deps));

  route(app, ENDPOINTS.subscribePush, subscribing, async (request, reply) => {
    const { status, body } = await subscribe(
      deps,
      endpoints,
      me(request),
      request.body,
      request.headers['user-agent'],
    );
    return reply.status(status).send(body);
  });

  route(app, ENDPOINTS.pushSubscriptions, {}, async (request) => subscriptionsOf(deps, me(request)));

  route(app, ENDPOINTS.unsubscribePush, changing, async (request) =>
    unsubscribe(deps, me(request), request.params.id),
  );

  route(app, ENDPOINTS.pushPreferences, {}, async (request) => preferencesOf(deps.db, me(request).userId));

  route(app, ENDPOINTS.updatePushPreferences, changing, async (request) =>
    updatePreferences(deps, me(request).userId, request.body),
  );
}
