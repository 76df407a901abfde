import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { findPersona, searchUsers } from './service';

export async function searchRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.searchUsers, {}, async (request) =>
    searchUsers(deps.db, me(request).userId, request.query.q, request.query.page_key),
  );

  route(app, ENDPOINTS.privateUser, {}, async (request) =>
    findPersona(deps.db, me(request).userId, request.query.q),
  );
}
