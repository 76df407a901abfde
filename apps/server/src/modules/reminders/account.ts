import type { AccountPart } from '../../platform/account';
import { goalOf } from './goal';
import { remindersOf } from './settings';

/**
 * The member's reminders and weekly goal (decisions 0048, 0054), exported in GET /user/reminders' and GET
 * /user/goal's own shapes. The erasure needs nothing more: the reminders' rows go with the member's row
 * (foreign key, cascade), and the goal is a column of it.
 */
export const remindersAccount: AccountPart = {
  async exportOf(db, userId) {
    return { reminders: await remindersOf(db, userId), weekly_goal: await goalOf(db, userId) };
  },
};
