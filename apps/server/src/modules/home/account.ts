import { starSnapshots } from '../../db/schema';
import { type AccountPart, namesMember } from '../../platform/account';

/**
 * The star sets last served to others that showed the erased member: dropped, so nothing keeps their id;
 * the next home view serves the set whole instead of a difference (docs/product/home-and-stars.md#star-set).
 */
export const homeAccount: AccountPart = {
  async erase(work, userId) {
    await work.tx.delete(starSnapshots).where(namesMember(starSnapshots.stars, userId));
    return [];
  },
};
