import { type FeedFilters, LIMITS, PostPrivacy, PostType } from '@orbit/contract';
import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { posts } from '../../db/schema';
import { decodeKey, encodeKey, invalidKey } from '../../platform/paging';
import { notHiddenFromSql } from '../blocks';
import type { PostRow } from './policy';

/** A keyset cursor: older than post `b`, or newer than post `a`. Live inserts never shift a page. */
type Cursor = { older: number } | { newer: number } | null;

function cursorOf(pageKey: string | undefined, lastPostId: number | undefined): Cursor {
  if (pageKey === undefined || pageKey === '') return lastPostId === undefined ? null : { older: lastPostId };
  const value = decodeKey(pageKey) as { b?: unknown; a?: unknown } | null;
  const valid = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;
  if (valid(value?.b)) return { older: value.b };
  if (valid(value?.a)) return { newer: value.a };
  throw invalidKey();
}

const activityField = (field: string) => sql`(${posts.activity}->>${field})::int`;
const localDay = (timezone: string) => sql`(${posts.createdAt} at time zone ${timezone})::date`;

/** Every filter of docs/product/feeds-and-comments.md#feed-paging; dates are days in the caller's timezone. */
function filtersOf(filters: FeedFilters, timezone: string): SQL[] {
  const where: SQL[] = [];
  if (filters.type !== undefined && filters.type !== PostType.ALL) where.push(eq(posts.type, filters.type));
  const day = (value: string) => sql`${value.slice(0, 10)}::date`;
  if (filters.date) where.push(sql`${localDay(timezone)} = ${day(filters.date)}`);
  if (filters.start_date) where.push(sql`${localDay(timezone)} >= ${day(filters.start_date)}`);
  if (filters.end_date) where.push(sql`${localDay(timezone)} <= ${day(filters.end_date)}`);
  const activity: [keyof FeedFilters, string][] = [
    ['activity_type', 'activity_type'],
    ['session_type', 'activity_session_type'],
    ['session_kind', 'session_kind'],
    ['bg_app_id', 'bg_app_id'],
  ];
  for (const [filter, field] of activity) {
    const value = filters[filter];
    if (typeof value === 'number') where.push(sql`${activityField(field)} = ${value}`);
  }
  return where;
}

/** The page_key of the page older than one ending at `last`. */
export const olderKeyOf = (last: { id: number }) => encodeKey({ b: last.id });

export interface FeedPage {
  rows: PostRow[];
  older_key: string | null;
  newer_key: string | null;
}

/**
 * One page of a feed, newest first: 25 posts the caller may see (private ones only for their two), after
 * the filters, from the cursor in page_key (or last_post_id; last_index skips that many without either).
 */
export async function feedPage(
  db: Queryable,
  callerId: number,
  feed: SQL,
  filters: FeedFilters,
  timezone: string,
): Promise<FeedPage> {
  const size = LIMITS.feedPageSize;
  const cursor = cursorOf(filters.page_key, filters.last_post_id);
  const visible = or(
    eq(posts.privacy, PostPrivacy.PUBLIC),
    eq(posts.authorId, callerId),
    eq(posts.targetUserId, callerId),
  );
  // Posts of members the caller blocked are left out for the caller (docs/decisions/0046).
  const where = [
    feed,
    visible as SQL,
    notHiddenFromSql(callerId, posts.authorId),
    ...filtersOf(filters, timezone),
  ];
  const newer = cursor !== null && 'newer' in cursor;
  if (cursor !== null)
    where.push('newer' in cursor ? gt(posts.id, cursor.newer) : lt(posts.id, cursor.older));
  const rows = await db
    .select()
    .from(posts)
    .where(and(...where))
    .orderBy(newer ? asc(posts.id) : desc(posts.id))
    .limit(size + 1)
    .offset(cursor === null ? (filters.last_index ?? 0) : 0);
  const more = rows.length > size;
  const page = newer ? rows.slice(0, size).reverse() : rows.slice(0, size);
  const first = page[0];
  const last = page[page.length - 1];
  const olderKey = last && (newer || more) ? olderKeyOf(last) : null;
  const newerKey = first && (newer ? more : cursor !== null) ? encodeKey({ a: first.id }) : null;
  return { rows: page, older_key: olderKey, newer_key: newerKey };
}
