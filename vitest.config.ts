import pg from 'pg';
import { defineConfig } from 'vitest/config';

const PG_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';

/** The PostgreSQL run of the integration tests needs a server; without one it is left out with a printed reason. */
async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (err) {
    console.warn(
      `[orbit] PostgreSQL at ${PG_URL} did not answer (${(err as Error).message}): the server-pg run is left out.`,
    );
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Where PostgreSQL runs the whole server suite, PGlite (the default database of `npm start`) runs the tests of
 * what differs between the two: the driver (types, errors, prepared statements, array parameters), one
 * connection that runs one transaction at a time (units of work, the crowd, realtime delivery), an extension
 * (search), the caches beside it, time zones, the pool figures and the admin command's dump and lock. The
 * rules a service applies in SQL that both engines run alike (SKIP LOCKED, conditional updates, partial
 * unique indexes) are proved on PostgreSQL alone, where concurrent transactions can actually meet (decision
 * 0062). Without PostgreSQL, PGlite runs everything (docs/decisions/0026).
 */
const PGLITE_WHEN_POSTGRES_RUNS = [
  'apps/server/src/db/**/*.test.ts',
  'apps/server/src/platform/realtime/**/*.test.ts',
  'apps/server/src/platform/tx.test.ts',
  'apps/server/src/test/**/*.test.ts',
  'apps/server/src/modules/search/**/*.test.ts',
  'apps/server/src/modules/home/home-cache.test.ts',
  // The sets served are bound as one JSON text and read back with json_to_recordset (decision 0094).
  'apps/server/src/modules/home/served-sets.test.ts',
  'apps/server/src/modules/feeds/page-cache.test.ts',
  // Sessions ended with their sockets (decision 0050).
  'apps/server/src/modules/devices/**/*.test.ts',
  // The erasure reads jsonb with jsonpath and foreign-key refusals' details from the driver's errors (0048).
  'apps/server/src/modules/account/**/*.test.ts',
  // Weeks in a member's zone by AT TIME ZONE: the WebAssembly build's own time zone data (0054).
  'apps/server/src/modules/reminders/**/*.test.ts',
  // Readiness with the database gone, and the pool figures, differ between a pool and PGlite (0055).
  'apps/server/src/platform/ops/**/*.test.ts',
  // The admin command: PGlite's own dump and directory lock beside pg_dump and pg_restore (decision 0057).
  'apps/server/src/cli/cli.test.ts',
  // The embedded database's own vacuum and analysis (decision 0083): PostgreSQL has autovacuum.
  'apps/server/src/platform/db-upkeep.test.ts',
];

export default defineConfig(async () => {
  const serverTests = ['apps/server/src/**/*.test.ts'];
  const withPostgres = await postgresAnswers();
  return {
    test: {
      // Vitest's default is one worker fewer than the cores: one on a 2-core runner, where most of a server
      // test's time is spent waiting on a database or a socket.
      maxWorkers: 3,
      projects: [
        {
          test: {
            name: 'unit',
            include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'docs/**/*.test.ts'],
          },
        },
        {
          test: {
            name: 'server',
            include: withPostgres ? PGLITE_WHEN_POSTGRES_RUNS : serverTests,
            // The demo world's seeding is the same SQL on both; PGlite seeds it in the journeys on the embedded
            // default (starfield), and its tests were 74 s of PGlite in a loaded run. The Redis bus joins
            // several instances, and several instances need PostgreSQL: a PGlite directory has one owner (0062).
            exclude: withPostgres
              ? [
                  'apps/server/src/db/seed/**',
                  'apps/server/src/platform/realtime/redis-bus.test.ts',
                  'apps/server/src/platform/realtime/redis-outage.test.ts',
                  // node-postgres's own (decision 0074) and LISTEN's: each runs once, in the PostgreSQL run.
                  'apps/server/src/db/begin-with-first.test.ts',
                  'apps/server/src/db/listen.test.ts',
                ]
              : [],
            // Every file builds its own app on its own database, so the modules they import can be shared:
            // a file then costs its tests, not another load of the server's module graph.
            isolate: false,
            env: { ORBIT_TEST_DB: 'pglite' },
            expect: { poll: { timeout: 15_000 } },
            testTimeout: 30_000,
            // A file's app on a new PGlite database: seconds alone, past a minute beside the journeys (0062).
            hookTimeout: 120_000,
          },
        },
        ...(withPostgres
          ? [
              {
                test: {
                  name: 'server-pg',
                  include: serverTests,
                  globalSetup: ['apps/server/src/test/pg-template.ts'],
                  // PGlite's own thread and its kept statements are PGlite's alone (decisions 0065, 0073): they
                  // run once, in the PGlite run.
                  exclude: [
                    'apps/server/src/db/pglite-thread.test.ts',
                    'apps/server/src/db/pglite-prepared.test.ts',
                    'apps/server/src/platform/db-upkeep.test.ts',
                  ],
                  isolate: false,
                  env: { ORBIT_TEST_DB: 'postgres', DATABASE_URL_TEST: PG_URL },
                  expect: { poll: { timeout: 15_000 } },
                  testTimeout: 30_000,
                  hookTimeout: 60_000,
                },
              },
            ]
          : []),
        {
          test: {
            name: 'e2e',
            include: ['e2e/**/*.test.ts'],
            testTimeout: 240_000,
            hookTimeout: 180_000,
            // Two journeys at a time, each with its own server and browser; after the other projects when one
            // vitest runs them all (`npm test` runs them beside the others instead: scripts/test.ts).
            maxWorkers: 2,
            sequence: { groupOrder: 1 },
            // A live change is awaited, not timed: on a loaded 2-core runner it may take seconds to show.
            expect: { poll: { timeout: 15_000 } },
            // One retry in CI, where two journeys share two loaded cores with the server tests; a journey that
            // passes only on its retry is named at the end of `npm test` with the failure it had (decision 0095).
            retry: process.env.CI ? 1 : 0,
          },
        },
      ],
    },
  };
});
