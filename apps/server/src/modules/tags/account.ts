import type { ExportedTag } from '@orbit/contract';
import { asc, eq } from 'drizzle-orm';
import { memberTags } from '../../db/schema';
import type { AccountPart } from '../../platform/account';

/** The member's prior tags of every context (decision 0048): exported, and imported once. */
export const tagsAccount: AccountPart = {
  async exportOf(db, userId) {
    const rows = await db
      .select()
      .from(memberTags)
      .where(eq(memberTags.userId, userId))
      .orderBy(asc(memberTags.context), asc(memberTags.lastUsedAt));
    const tags: ExportedTag[] = rows.map((r) => ({
      context: r.context,
      tag: r.tag,
      last_used_at: r.lastUsedAt.toISOString(),
    }));
    return { tags };
  },

  async importInto(work, userId, document) {
    const items = document.tags ?? [];
    if (items.length === 0) return { tags: 0 };
    let added = 0;
    for (let from = 0; from < items.length; from += 1_000) {
      const rows = await work.tx
        .insert(memberTags)
        .values(
          items.slice(from, from + 1_000).map((item) => ({
            userId,
            context: item.context,
            tag: item.tag,
            tagKey: item.tag.toLowerCase(),
            lastUsedAt: new Date(item.last_used_at),
          })),
        )
        // A tag the account has already (in any case) stays as it is.
        .onConflictDoNothing()
        .returning({ tag: memberTags.tag });
      added += rows.length;
    }
    return { tags: added };
  },
};
