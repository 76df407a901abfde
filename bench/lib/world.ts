import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema';
import { PasswordHasher } from '../../apps/server/src/platform/auth/passwords';
import { makeTempDir, type OrbitServer, startServer } from '../../e2e/support/server';
import { benchRuntime } from './env';
import { type ServerProbe, serverProbe } from './server-probe';
import { BROWSER_ENCODING, bearer } from './sockets';

export const MEMBER_COUNT = 1000;
const INSERT_BATCH = 250;
const MEMBER_PASSWORD = 'Bench-orbit-2024';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * More data for one scenario, written after the members and before the server starts. `usernames[0]` is
 * the member the scenario signs in as; `prefix` starts every member name of this run.
 */
export type WorldSeed = (
  database: Database,
  members: { prefix: string; usernames: string[] },
) => Promise<void>;

/** A running server over a seeded database, and one signed-in member to call it as. */
export interface BenchWorld {
  baseUrl: string;
  databaseKind: DatabaseKind;
  /** The PostgreSQL the server uses, or null on PGlite. */
  databaseUrl: string | null;
  members: number;
  /** Headers of the signed-in member's calls (a Bearer token: no cookie or Origin handling in the way). */
  headers: Record<string, string>;
  /** The server process's memory, CPU time and log. */
  server: ServerProbe;
  close(): Promise<void>;
}

export async function createWorld(
  databaseUrl: string | null,
  seed?: WorldSeed,
  serverEnv: Record<string, string> = {},
): Promise<BenchWorld> {
  const dataDir = makeTempDir('orbit-bench-');
  let server: OrbitServer | null = null;
  try {
    const { kind, usernames } = await seedMembers(databaseUrl, dataDir, seed);
    const probe = serverProbe(() => server?.pid ?? 0);
    server = await startServer({
      dataDir,
      env: {
        RATE_LIMIT_FACTOR: '100000',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl ?? '',
        // The push scenario's push service listens in the bench process on 127.0.0.1.
        PUSH_ALLOWED_HOSTS: '127.0.0.1',
        ...serverEnv,
      },
      onOutput: probe.onOutput,
      runtime: benchRuntime(),
    });
    const token = await signIn(server.baseUrl, usernames[0]);
    const running = server;
    return {
      baseUrl: running.baseUrl,
      databaseKind: kind,
      databaseUrl,
      members: usernames.length,
      headers: { ...bearer(token), ...BROWSER_ENCODING },
      server: probe,
      close: async () => {
        await running.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Inserts the members straight through the database layer with one precomputed hash: registering them
 * through the API would spend minutes in argon2. The database is closed again before the server opens it,
 * since an embedded PGlite directory has one owner at a time.
 */
async function seedMembers(
  databaseUrl: string | null,
  dataDir: string,
  seed?: WorldSeed,
): Promise<{ kind: DatabaseKind; usernames: string[] }> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.migrate();
    const passwordHash = await new PasswordHasher(1).hash(MEMBER_PASSWORD);
    // A run-unique prefix, so that a reused PostgreSQL database takes another run without name clashes.
    const prefix = `b${randomBytes(3).toString('hex')}`;
    const usernames = Array.from({ length: MEMBER_COUNT }, (_, i) => `${prefix}m${i}`);
    for (let start = 0; start < usernames.length; start += INSERT_BATCH) {
      const batch = usernames.slice(start, start + INSERT_BATCH);
      await database.db.insert(users).values(
        batch.map((username, i) => ({
          username,
          email: `${username}@bench.test`,
          passwordHash,
          firstName: 'Bench',
          lastName: `Member${start + i}`,
        })),
      );
    }
    await seed?.(database, { prefix, usernames });
    return { kind: database.kind, usernames };
  } finally {
    await database.close();
  }
}

async function signIn(baseUrl: string, username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: username, password: MEMBER_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Signing the bench member in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user_token: string };
  return body.user_token;
}
