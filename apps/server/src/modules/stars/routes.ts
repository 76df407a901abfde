import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { setPinned } from './service';

export async function starsRoutes(app: App, deps: AppDeps) {
  for (const [endpoint, pinned] of [
    [ENDPOINTS.pinStar, true],
    [ENDPOINTS.unpinStar, false],
  ] as const) {
    route(app, endpoint, {}, async (request) =>
      setPinned(deps, me(request).userId, request.params.id, pinned),
    );
  }
}
