import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { moodInsights } from './insights';

export async function moodsRoutes(app: App, deps: AppDeps) {
  // The caller's own moods only: there is no member to name.
  route(app, ENDPOINTS.moodInsights, {}, async (request) =>
    moodInsights(deps, me(request).userId, request.query.days),
  );
}
