import { ErrorResponse, MoodInsightsQuery, MoodInsightsResponse } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { moodInsights } from './insights';

const tags = ['moods'];

export async function moodsRoutes(app: App, deps: AppDeps) {
  // The caller's own moods only: there is no member to name.
  app.get(
    '/user/mood/insights',
    {
      schema: {
        tags,
        querystring: MoodInsightsQuery,
        response: { 200: MoodInsightsResponse, '4xx': ErrorResponse },
      },
    },
    async (request) => moodInsights(deps, me(request).userId, request.query.days),
  );
}
