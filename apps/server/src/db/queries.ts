import { and, type Column, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';

type Query = () => PromiseLike<unknown>;
type Results<T extends readonly Query[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs independent reads side by side on the pool, but one after another in a transaction: a transaction
 * has one connection, and node-postgres must not be handed a query while that connection runs another.
 */
export async function runQueries<T extends readonly Query[]>(
  db: Queryable,
  queries: [...T],
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction))
    return (await Promise.all(queries.map((query) => query()))) as Results<T>;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as Results<T>;
}

/** A row between two members, whichever way round: (one = a and other = b) or (one = b and other = a). */
export const eitherWay = (one: Column, other: Column, a: number, b: number): SQL =>
  or(and(eq(one, a), eq(other, b)), and(eq(one, b), eq(other, a))) as SQL;

/**
 * `column = ANY($1::int[])`: the ids bound as one array parameter. drizzle's `inArray` binds one parameter
 * per id, which for an audience (every member of a 10000-member community) is 10000 placeholders to build,
 * send, parse and plan; use this wherever the list is as long as an audience (decision 0063).
 */
export const inIds = (column: Column, ids: readonly number[], type: 'int' | 'bigint' = 'int'): SQL =>
  sql`${column} = ANY(${sql.param(ids)}::${sql.raw(type)}[])`;

/** `inIds` for a prepared statement: `column = ANY($name::int[])`, the ids bound when it runs. */
export const inIdsAt = (column: Column, name: string): SQL =>
  sql`${column} = ANY(${sql.placeholder(name)}::int[])`;

/**
 * `eitherWay` for a prepared statement, a member against a list: rows from `member` to one of the ids bound
 * at `name`, or from one of them to `member`.
 */
export const eitherWayAmong = (one: Column, other: Column, member: Placeholder, name: string): SQL =>
  or(and(eq(one, member), inIdsAt(other, name)), and(eq(other, member), inIdsAt(one, name))) as SQL;

/**
 * A FROM item for a write whose loss in a crash harms nothing (a home's last served set, a published mark): its
 * transaction commits without waiting for the WAL to reach the disk (`synchronous_commit` off for this
 * transaction only; decision 0086). A crash loses at most the last few such commits, never a commit after them,
 * and every commit that must last still waits for its own flush. At 300 req/s half the mix's flushes were these.
 */
export const relaxedCommit = sql`(SELECT set_config('synchronous_commit', 'off', true)) AS relaxed_commit`;
