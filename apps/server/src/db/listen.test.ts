import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DB_TARGET, PG_ADMIN_URL } from '../test/harness';
import { type ListenHandlers, SharedListener } from './listen';

const onPostgres = DB_TARGET === 'postgres';
if (!onPostgres) console.warn("[orbit] LISTEN is PostgreSQL's: the shared listener is tested on PostgreSQL.");

/** What one listener was told, in order. */
function recorder() {
  const told: string[] = [];
  const handlers: ListenHandlers = {
    message: (payload) => told.push(`message ${payload}`),
    up: () => told.push('up'),
    down: () => told.push('down'),
  };
  return { told, handlers };
}

describe.runIf(onPostgres)('one listening connection for every channel (decisions 0064, 0075)', () => {
  const admin = new pg.Pool({ connectionString: PG_ADMIN_URL, max: 2 });
  afterAll(() => admin.end());
  const suffix = randomBytes(4).toString('hex');
  const [first, second] = [`listen_a_${suffix}`, `listen_b_${suffix}`];
  const notify = (channel: string, payload: string) =>
    admin.query('SELECT pg_notify($1, $2)', [channel, payload]);
  /** The backends listening on this test's channels. */
  const listening = async () =>
    (
      await admin.query(
        `SELECT pid FROM pg_stat_activity WHERE application_name = 'orbit-listen' AND query LIKE $1`,
        [`LISTEN listen_%${suffix}`],
      )
    ).rows.map((row) => row.pid as number);

  it('listens on both channels over one connection, tells each its own, and comes back after a loss', async () => {
    const listener = new SharedListener(PG_ADMIN_URL);
    const [a, b, alsoA] = [recorder(), recorder(), recorder()];
    const stopA = listener.listen(first, a.handlers);
    const stopB = listener.listen(second, b.handlers);
    await vi.waitFor(() => expect([a.told, b.told]).toEqual([['up'], ['up']]));
    // A second listener on a channel already heard is told at once, with no LISTEN of its own.
    const stopAlsoA = listener.listen(first, alsoA.handlers);
    expect(alsoA.told).toEqual(['up']);
    expect(await listening()).toHaveLength(1);
    await notify(first, '1,2');
    await notify(second, '*');
    await vi.waitFor(() =>
      expect([a.told, b.told, alsoA.told]).toEqual([
        ['up', 'message 1,2'],
        ['up', 'message *'],
        ['up', 'message 1,2'],
      ]),
    );
    // The connection is killed: everyone hears the loss, then the return, and hears again.
    const [pid] = await listening();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await vi.waitFor(() => expect(b.told.slice(2)).toEqual(['down', 'up']), { timeout: 5_000 });
    await vi.waitFor(() => expect(a.told.slice(2)).toEqual(['down', 'up']));
    await notify(second, '3');
    await vi.waitFor(() => expect(b.told.at(-1)).toBe('message 3'));
    expect(await listening()).toHaveLength(1);
    // The last one to stop closes the connection.
    await stopAlsoA();
    await stopA();
    expect(await listening()).toHaveLength(1);
    await stopB();
    await vi.waitFor(async () => expect(await listening()).toEqual([]));
  });
});
