import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { call } from '../test/call';
import { openTestDatabase, testConfig } from '../test/harness';
import { createDeps } from '../wiring';
import { logDestination } from './logging';
import { MemoryStorage } from './storage';

/** The app as main.ts builds it (its logger and serializers), writing its log lines here. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const database = await openTestDatabase();
const METRICS_TOKEN = 'metrics-token-for-the-log-test-0123';
const { deps, close } = await createDeps(
  testConfig({ logLevel: 'info', metricsToken: METRICS_TOKEN }),
  database,
  {
    storage: new MemoryStorage(),
  },
);
const app = await buildApp(deps, { logger: { stream } });
await app.ready();
afterAll(async () => {
  await app.close();
  await close();
  await database.close();
});

describe('a failed query in the log', () => {
  it('names the query but never the values it was sent with (a password hash, an e-mail)', async () => {
    // Every new member is refused by the database: the registration's INSERT fails with its values bound.
    await deps.db.execute(sql`ALTER TABLE users ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`);
    const email = 'secret-holder@example.test';
    const res = await call(app, 'register', {
      body: { email, password: 'Orbit-walk-42', username: 'secretholder' },
    });
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.err);
    expect(errors.map((entry) => entry.err.message)).toEqual([
      expect.stringContaining('Failed query: insert into "users"'),
    ]);
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain(email);
    expect(log).not.toContain('"params"');
  });
});

describe('probes in the log', () => {
  it('leaves out health, readiness and metrics calls, answered or refused, while other requests are logged', async () => {
    const from = lines.length;
    const bearers = [{}, { authorization: `Bearer ${METRICS_TOKEN}` }];
    // HEAD too, which the declarations (GET) do not name: app.inject.
    for (const url of ['/api/health', '/api/ready', '/api/metrics']) {
      for (const method of ['GET', 'HEAD'] as const) {
        for (const headers of bearers)
          expect((await app.inject({ method, url, headers })).statusCode).toBeLessThan(500);
      }
    }
    expect(lines.slice(from)).toEqual([]);
    await call(app, 'version', { query: { v: 1 } });
    const logged = lines.slice(from).map((line) => JSON.parse(line));
    expect(logged.map((entry) => [entry.msg, entry.req?.url ?? entry.res?.statusCode])).toEqual([
      ['incoming request', '/api/gv?v=1'],
      ['request completed', 200],
    ]);
  });
});

describe('log lines on a terminal', () => {
  const written: string[] = [];
  const terminal = (isTTY: boolean) => ({ isTTY, write: (text: string) => written.push(text) > 0 });
  const line = JSON.stringify({
    level: 30,
    time: Date.UTC(2026, 0, 1),
    pid: 1,
    hostname: 'h',
    msg: 'Server listening',
  });

  it('are JSON (pino writes them itself) when stdout is not a terminal', () => {
    expect(logDestination(terminal(false))).toBeUndefined();
  });

  it('are readable lines, one per entry, when stdout is a terminal', () => {
    logDestination(terminal(true))?.write(`${line}\n`);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^\[[\d:.]+\] .*INFO.*: .*Server listening.*\n$/);
    expect(written[0]).not.toContain('hostname');
  });
});
