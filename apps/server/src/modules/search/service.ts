import {
  MEMBER_PAGE_SIZE,
  type PrivateUserResponse,
  SEARCH_QUERY_MAX,
  type SearchUsersResponse,
} from '@orbit/contract';
import { and, asc, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { pageFromKey, pageOf } from '../../platform/paging';
import { notBlockedEitherWaySql } from '../blocks';
import { presentPublicProfile, relationsOf, STRANGER, seesOthersPersonaSql, type UserRow } from '../faces';

/** The search field's text (docs/product/friends.md#search), trimmed and lower-cased: 1..64 characters, a bound of ours. */
export function searchText(raw: string): string {
  const q = raw.trim();
  if (q.length === 0 || q.length > SEARCH_QUERY_MAX) {
    throw badRequest('invalid_query', `The search text must be 1 to ${SEARCH_QUERY_MAX} characters`);
  }
  return q.toLowerCase();
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const username = sql`lower(${users.username})`;
const alias = sql`lower(${users.alias})`;

/** Each member's face, as the caller may see it, in the order found. */
async function present(db: Queryable, callerId: number, rows: UserRow[]) {
  const relations = await relationsOf(
    db,
    callerId,
    rows.map((u) => u.id),
  );
  return rows.map((u) => presentPublicProfile(u, relations.get(u.id) ?? STRANGER));
}

/**
 * GET /search/users: members whose name matches, ranked exact, prefix, substring, then trigram similarity
 * (pg_trgm). A private member's persona (username) is searchable by their friends only; everybody finds
 * them by their avatar name.
 */
export async function searchUsers(
  db: Queryable,
  callerId: number,
  rawQuery: string,
  pageKey?: string,
): Promise<SearchUsersResponse> {
  const q = searchText(rawQuery);
  const page = pageFromKey(pageKey, MEMBER_PAGE_SIZE);
  const prefix = `${escapeLike(q)}%`;
  const substring = `%${escapeLike(q)}%`;
  const personaVisible = seesOthersPersonaSql(callerId);
  const rankBy = (test: (name: SQL) => SQL) =>
    sql`((${personaVisible}) and ${test(username)}) or coalesce(${test(alias)}, false)`;
  const rank = sql<number>`case
    when ${rankBy((n) => sql`${n} = ${q}`)} then 0
    when ${rankBy((n) => sql`${n} like ${prefix}`)} then 1
    when ${rankBy((n) => sql`${n} like ${substring}`)} then 2
    else 3 end`;
  const similarity = sql<number>`greatest(
    case when ${personaVisible} then similarity(${username}, ${q}) else 0 end,
    coalesce(similarity(${alias}, ${q}), 0))`;
  const matches = (name: SQL) => sql`(${name} like ${substring} or ${name} % ${q})`;
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        ne(users.id, callerId),
        or(and(personaVisible, matches(username)), matches(alias)),
        notBlockedEitherWaySql(callerId, users.id),
      ),
    )
    .orderBy(asc(rank), desc(similarity), asc(username), asc(users.id))
    .limit(page.size + 1)
    .offset(page.offset);
  const { items, older_key, newer_key } = pageOf(rows, page);
  return { results: await present(db, callerId, items), older_key, newer_key };
}

/**
 * GET /search/private_user: the persona lookup of the private request (docs/product/friends.md#private-request): exactly one username or
 * avatar name, any case, whatever the member's privacy; none answers an empty list ("persona does not exist").
 */
export async function findPersona(
  db: Queryable,
  callerId: number,
  rawQuery: string,
): Promise<PrivateUserResponse> {
  const q = searchText(rawQuery);
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        ne(users.id, callerId),
        or(eq(username, q), eq(alias, q)),
        notBlockedEitherWaySql(callerId, users.id),
      ),
    )
    .orderBy(asc(users.id))
    .limit(2);
  return { results: await present(db, callerId, rows) };
}
