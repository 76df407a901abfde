import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { runQueries } from './queries';

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
