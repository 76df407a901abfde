import { ENDPOINTS } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { me } from '../../platform/auth/guard';
import type { App } from '../../platform/http';
import { route } from '../../platform/route';
import { goalOf, goalProgress, setGoal } from './goal';
import { remindersOf, updateReminders } from './settings';

/** Reminders and the weekly goal (issue 26 items 5 and 6, decision 0054): only ever the member's own. */
export async function remindersRoutes(app: App, deps: AppDeps) {
  route(app, ENDPOINTS.reminders, {}, async (request) => remindersOf(deps.db, me(request).userId));
  route(app, ENDPOINTS.updateReminders, {}, async (request) =>
    updateReminders(deps, me(request).userId, request.body),
  );
  route(app, ENDPOINTS.weeklyGoal, {}, async (request) => goalOf(deps.db, me(request).userId));
  route(app, ENDPOINTS.updateWeeklyGoal, {}, async (request) =>
    setGoal(deps, me(request).userId, request.body),
  );
  route(app, ENDPOINTS.goalProgress, {}, async (request) => goalProgress(deps, me(request).userId));
}
