import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

const counting = new AsyncLocalStorage<{ sent: number }>();
let installed = false;

/** Counts every statement node-postgres sends in a counted context; the rest pass as they were. */
function install() {
  if (installed) return;
  installed = true;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    const count = counting.getStore();
    if (count) count.sent += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
}

/**
 * The round trips to PostgreSQL that what `fn` runs makes (its async context: a request injected and all it
 * awaits), counted where node-postgres sends: a statement that goes with another (a transaction's BEGIN and
 * COMMIT, a deferred write: decisions 0074, 0081 and 0088) is not one of its own.
 */
export async function roundTripsOf(fn: () => Promise<unknown>): Promise<number> {
  install();
  const count = { sent: 0 };
  await counting.run(count, fn);
  return count.sent;
}
