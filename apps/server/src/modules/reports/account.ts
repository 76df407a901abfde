import { and, eq } from 'drizzle-orm';
import { reports } from '../../db/schema';
import type { AccountPart } from '../../platform/account';
import { announceGoneReports } from './events';

/**
 * Reports and an erased member (decision 0048): reports they made or that name them as the author keep their
 * snapshot and lose the member's id (the foreign keys set it null); a report of the member themself names
 * them by its target, which has no foreign key, so it goes with the account, and leaves the open lists
 * (REPORT DELETE, decision 0052).
 */
export const reportsAccount: AccountPart = {
  async erase(work, userId) {
    const gone = await work.tx
      .delete(reports)
      .where(and(eq(reports.targetType, 'user'), eq(reports.targetId, userId)))
      .returning();
    await announceGoneReports(work, gone);
    return undefined;
  },
};
