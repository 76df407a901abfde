import { AdminOrganizationsResponse, ErrorResponse } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { adminScope } from './policy';

const tags = ['admin'];
const errors = { '4xx': ErrorResponse };

export async function adminRoutes(app: App, deps: AppDeps) {
  /** What the admin screens may write to: the caller's admin organisations and the communities they own. */
  app.get(
    '/admin/organizations',
    { schema: { tags, response: { 200: AdminOrganizationsResponse, ...errors } } },
    async (request) => adminScope(deps.db, me(request).userId),
  );
}
