import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
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

  route(app, ENDPOINTS.pushKey, {}, async () => pushKey(deps));

  route(app, ENDPOINTS.subscribePush, {}, async (request, reply) => {
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

  route(app, ENDPOINTS.unsubscribePush, {}, async (request) =>
    unsubscribe(deps, me(request), request.params.id),
  );

  route(app, ENDPOINTS.pushPreferences, {}, async (request) => preferencesOf(deps.db, me(request).userId));

  route(app, ENDPOINTS.updatePushPreferences, {}, async (request) =>
    updatePreferences(deps, me(request).userId, request.body),
  );
}
