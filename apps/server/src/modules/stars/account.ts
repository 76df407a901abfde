import { and, eq } from 'drizzle-orm';
import { stars } from '../../db/schema';
import type { AccountPart } from '../../platform/account';
import { StarTarget } from './targets';

/** Every other member's star of the erased member goes (their own stars go with the account). */
export const starsAccount: AccountPart = {
  async erase(work, userId) {
    await work.tx.delete(stars).where(and(eq(stars.targetKind, StarTarget.USER), eq(stars.targetId, userId)));
    return [];
  },
};
