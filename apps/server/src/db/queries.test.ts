import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { Queryable } from './client';
import { inIds, relaxedCommit, runQueries } from './queries';
import { users } from './schema';

const database = await openTestDatabase();
afterAll(() => database.close());

/** Queries that record how many of them ran at once. */
function trackedQueries(count: number) {
  let running = 0;
  let most = 0;
  const queries = Array.from({ length: count }, (_, i) => async () => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
    return i;
  });
  return { queries, most: () => most };
}

describe('runQueries', () => {
  it('runs the queries of a transaction one after another, in order', async () => {
    const tracked = trackedQueries(3);
    const results = await database.db.transaction((tx) => runQueries(tx, tracked.queries));
    expect(results).toEqual([0, 1, 2]);
    expect(tracked.most()).toBe(1);
  });

  it('runs them side by side on the pool', async () => {
    const tracked = trackedQueries(3);
    expect(await runQueries(database.db, tracked.queries)).toEqual([0, 1, 2]);
    expect(tracked.most()).toBe(3);
  });
});

describe('inIds', () => {
  it('matches exactly the ids of a list longer than any statement could bind one by one', async () => {
    const made = await database.db
      .insert(users)
      .values(
        ['inids1', 'inids2'].map((username) => ({
          username,
          email: `${username}@orbit.test`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    const [first, last] = made.map((row) => row.id).sort((x, y) => x - y);
    // 70000 ids, of which two exist: more than a statement may have as parameters one by one (65535).
    const wanted = [first, last, ...Array.from({ length: 69_998 }, (_, i) => -1 - i)];
    const rows = await database.db.select({ id: users.id }).from(users).where(inIds(users.id, wanted));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([first, last]);
    expect(await database.db.select({ id: users.id }).from(users).where(inIds(users.id, []))).toEqual([]);
  });
});

describe('relaxedCommit', () => {
  /** synchronous_commit as `on` the connection sees it (both drivers answer `rows`). */
  const setting = async (on: Queryable) => {
    const result = await on.execute(sql`SELECT current_setting('synchronous_commit') AS value`);
    return (result as unknown as { rows: { value: string }[] }).rows[0].value;
  };

  it("relaxes its own transaction's commit, and no later one on the connection", async () => {
    const before = await setting(database.db);
    const inside = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM ${relaxedCommit}`);
      return setting(tx);
    });
    expect(inside).toBe('off');
    // Sequential statements on an idle pool take the connection just released (and PGlite has one): the
    // setting ended with its transaction, so every other write still waits for its flush.
    await database.db.execute(sql`SELECT 1 FROM ${relaxedCommit}`);
    expect(before).toBe('on');
    expect(await setting(database.db)).toBe('on');
  });
});
