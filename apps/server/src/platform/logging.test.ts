import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, testConfig } from '../test/harness';
import { createDeps } from '../wiring';
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
const { deps, close } = await createDeps(testConfig({ logLevel: 'info' }), database, {
  storage: new MemoryStorage(),
});
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
    const res = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'Orbit-walk-42', username: 'secretholder' },
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
