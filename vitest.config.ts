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

export default defineConfig(async () => {
  const serverTests = ['apps/server/src/**/*.test.ts'];
  const withPostgres = await postgresAnswers();
  return {
    test: {
      projects: [
        {
          test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'] },
        },
        {
          test: {
            name: 'server',
            include: serverTests,
            env: { ORBIT_TEST_DB: 'pglite' },
            expect: { poll: { timeout: 15_000 } },
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        ...(withPostgres
          ? [
              {
                test: {
                  name: 'server-pg',
                  include: serverTests,
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
            testTimeout: 120_000,
            hookTimeout: 180_000,
            fileParallelism: false,
            // A live change is awaited, not timed: on a loaded 2-core runner it may take seconds to show.
            expect: { poll: { timeout: 15_000 } },
          },
        },
      ],
    },
  };
});
