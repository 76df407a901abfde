import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { channelEvents, eventStreams, events } from '../../db/schema';
import { holdsMember, namesMember, withoutMember } from '../account';

/** The erased member's own stream position: in the erasure's transaction (decision 0048). */
export async function forgetMemberStream(db: Queryable, userId: number): Promise<void> {
  await db.delete(eventStreams).where(eq(eventStreams.stream, `u:${userId}`));
}

/**
 * Once an erasure has committed (and its own events have gone out to the open sockets): the kept history
 * no longer names the member. Channel events keep their place with the member out of their recipients;
 * events whose content names the member go. A client resuming past a removed event is told to refetch
 * (history.ts: the first event after its position is gone), so it never shows what was erased.
 */
export async function forgetMemberEvents(db: Queryable, userId: number): Promise<void> {
  await db.delete(events).where(namesMember(events.data, userId));
  await db
    .update(channelEvents)
    .set({
      groups: sql`(SELECT jsonb_agg(jsonb_set(g, '{ids}', ${withoutMember(sql`g->'ids'`, userId)}))
        FROM jsonb_array_elements(${channelEvents.groups}) AS g)`,
    })
    .where(
      sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${channelEvents.groups}) AS g
        WHERE ${holdsMember(sql`g->'ids'`, userId)})`,
    );
  await db.delete(channelEvents).where(namesMember(channelEvents.groups, userId));
}
