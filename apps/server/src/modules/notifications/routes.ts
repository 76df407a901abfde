import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { acceptChallenge, announceMaintenance, markAllRead, markRead, notificationsOf } from './service';

export async function notificationsRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.notifications, {}, async (request) => notificationsOf(deps.db, me(request).userId));

  route(app, ENDPOINTS.readAllNotifications, {}, async (request) => markAllRead(deps, me(request).userId));

  route(app, ENDPOINTS.readNotification, {}, async (request) =>
    markRead(deps, me(request).userId, request.params.id),
  );

  route(app, ENDPOINTS.acceptChallenge, {}, async (request) =>
    acceptChallenge(deps, me(request).userId, request.params.id),
  );

  route(app, ENDPOINTS.announceMaintenance, {}, async (request) =>
    announceMaintenance(deps, me(request).userId, request.body),
  );
}
