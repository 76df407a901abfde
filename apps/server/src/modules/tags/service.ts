import { PRIOR_TAGS_MAX } from '@orbit/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { memberTags } from '../../db/schema';

/**
 * Remembers tags the member just used in a context, newest last-used first. The caller has already
 * dropped blank and repeated tags and checked their length (the same rule everywhere tags are written).
 */
export async function recordTags(db: Queryable, userId: number, context: number, tags: string[]) {
  if (tags.length === 0) return;
  const now = new Date();
  await db
    .insert(memberTags)
    .values(tags.map((tag) => ({ userId, context, tag, tagKey: tag.toLowerCase(), lastUsedAt: now })))
    .onConflictDoUpdate({
      target: [memberTags.userId, memberTags.context, memberTags.tagKey],
      set: { tag: sql`excluded.tag`, lastUsedAt: sql`excluded.last_used_at` },
    });
}

/** GET /tags: the member's prior tags of one context (the tag editor's Prior Tags), most recent first. */
export async function priorTags(db: Queryable, userId: number, context: number): Promise<string[]> {
  const rows = await db
    .select({ tag: memberTags.tag })
    .from(memberTags)
    .where(and(eq(memberTags.userId, userId), eq(memberTags.context, context)))
    .orderBy(desc(memberTags.lastUsedAt), memberTags.tagKey)
    .limit(PRIOR_TAGS_MAX);
  return rows.map((r) => r.tag);
}
