import type { AccountPart } from '../../platform/account';
import { historyDetails, historySummary, listPlans } from './service';

/**
 * Incentive history (decision 0048): progress is derived from the member's activity logs, so the export
 * carries what the history screens show, per plan, over the default window; erasing the logs erases it.
 */
export const incentivesAccount: AccountPart = {
  async exportOf(db, userId) {
    const { plans } = await listPlans(db, userId);
    const history = [];
    for (const plan of plans) {
      const query = { incentive_plan_id: plan.incentive_plan_id };
      history.push({
        summary: await historySummary(db, userId, query),
        details: await historyDetails(db, userId, query),
      });
    }
    return { incentive_history: history };
  },
};
