import { and, inArray, ne } from 'drizzle-orm';
import { userBlocks, users } from '../../db/schema';
import type { AccountPart } from '../../platform/account';
import { blocksOf, endTies } from './service';

/**
 * The member's blocks (decision 0048, issue 14): exported as the settings list shows them, and imported into
 * a new account as blocks of the same members, where they still have an account. An imported block ends the
 * ties it finds, as a block does; one already there adds nothing. Blocks of the member by others go with the
 * account (the foreign keys cascade).
 */
export const blocksAccount: AccountPart = {
  async exportOf(db, userId) {
    return { blocks: (await blocksOf(db, userId)).blocks };
  },

  async importInto(work, userId, document) {
    const wanted = [...new Set((document.blocks ?? []).map((entry) => entry.user_id))];
    if (wanted.length === 0) return { blocks: 0 };
    const existing = await work.tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, wanted), ne(users.id, userId)));
    if (existing.length === 0) return { blocks: 0 };
    const added = await work.tx
      .insert(userBlocks)
      .values(existing.map((row) => ({ blockerId: userId, blockedId: row.id })))
      .onConflictDoNothing()
      .returning({ blockedId: userBlocks.blockedId });
    for (const row of added) await endTies(work, userId, row.blockedId);
    return { blocks: added.length };
  },
};
