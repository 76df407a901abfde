import {
  ErrorResponse,
  MaintenanceBody,
  MaintenanceResponse,
  NotificationChange,
  NotificationIdParams,
  NotificationsResponse,
  UnreadCountResponse,
} from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import { type App, rateLimit } from '../../platform/http';
import { acceptChallenge, announceMaintenance, markAllRead, markRead, notificationsOf } from './service';

const tags = ['notifications'];
const errors = { '4xx': ErrorResponse };

export async function notificationsRoutes(app: App, deps: AppDeps) {
  app.get('/notifications', { schema: { tags, response: { 200: NotificationsResponse } } }, async (request) =>
    notificationsOf(deps.db, me(request).userId),
  );

  app.post(
    '/notifications/read-all',
    { schema: { tags, response: { 200: UnreadCountResponse } } },
    async (request) => markAllRead(deps, me(request).userId),
  );

  app.post(
    '/notifications/:id/read',
    { schema: { tags, params: NotificationIdParams, response: { 200: NotificationChange, ...errors } } },
    async (request) => markRead(deps, me(request).userId, request.params.id),
  );

  app.post(
    '/notifications/:id/accept',
    { schema: { tags, params: NotificationIdParams, response: { 200: NotificationChange, ...errors } } },
    async (request) => acceptChallenge(deps, me(request).userId, request.params.id),
  );

  app.post(
    '/notifications/maintenance',
    {
      config: { rateLimit: rateLimit(deps.config.rateLimitFactor, 10, '1 hour') },
      schema: { tags, body: MaintenanceBody, response: { 200: MaintenanceResponse, ...errors } },
    },
    async (request) => announceMaintenance(deps, me(request).userId, request.body),
  );
}
