import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { block, blocksOf, unblock } from './service';

export async function blocksRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.block, {}, async (request) => block(deps, me(request).userId, request.params.user_id));
  route(app, ENDPOINTS.unblock, {}, async (request) =>
    unblock(deps, me(request).userId, request.params.user_id),
  );
  route(app, ENDPOINTS.blocks, {}, async (request) => blocksOf(deps.db, me(request).userId));
}
