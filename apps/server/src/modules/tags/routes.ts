import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { priorTags } from './service';

export async function tagsRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.priorTags, {}, async (request) => ({
    tags: await priorTags(deps.db, me(request).userId, request.query.context),
  }));
}
