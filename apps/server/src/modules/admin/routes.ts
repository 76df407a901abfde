import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { adminScope } from './policy';

export async function adminRoutes(app: App, deps: AppDeps) {
  /** What the admin screens may write to: the caller's admin organisations and the communities they own. */
  route(app, ENDPOINTS.adminOrganizations, {}, async (request) => adminScope(deps.db, me(request).userId));
}
