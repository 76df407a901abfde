import { TagsQuery, TagsResponse } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { priorTags } from './service';

export async function tagsRoutes(app: App, deps: AppDeps) {
  app.get(
    '/tags',
    { schema: { tags: ['tags'], querystring: TagsQuery, response: { 200: TagsResponse } } },
    async (request) => ({ tags: await priorTags(deps.db, me(request).userId, request.query.context) }),
  );
}
