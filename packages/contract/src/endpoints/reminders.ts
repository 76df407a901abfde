import { GoalProgress, RemindersBody, RemindersResponse, WeeklyGoal } from '../schemas';
import { endpoints, perMinute } from './define';
import { REMINDER_ROUTES } from './routes';

/**
 * Reminders and the weekly goal (issue 26 items 5 and 6, docs/decisions/0054). A bad time, day, goal or an
 * unknown field is the schema's 400 `validation`; nobody reads another member's.
 */
export const REMINDER_ENDPOINTS = endpoints('reminders', REMINDER_ROUTES, {
  reminders: { response: RemindersResponse, errors: [] },
  updateReminders: { rateLimit: perMinute(60), body: RemindersBody, response: RemindersResponse, errors: [] },
  weeklyGoal: { response: WeeklyGoal, errors: [] },
  updateWeeklyGoal: { rateLimit: perMinute(60), body: WeeklyGoal, response: WeeklyGoal, errors: [] },
  goalProgress: { response: GoalProgress, errors: [] },
});
