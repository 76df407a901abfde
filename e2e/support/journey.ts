import { afterAll, beforeAll } from 'vitest';
import { createFreshDatabase } from '../../bench/lib/fresh-database';
import { PG_URL, postgresMissingReason } from './cluster';
import { assertWebAppBuilt, type OrbitServer, type ServerOptions, startServer } from './server';

export interface JourneyServerOptions extends ServerOptions {
  /**
   * `postgres` (the default): a fresh database of its own on the PostgreSQL server when one answers, PGlite
   * otherwise; `pglite`: the embedded default of `npm start`, for the journeys about it. PGlite runs in the
   * server's own thread, so the journeys that merely need a database leave that core to the browser and the
   * tests beside them (decision 0062).
   */
  database?: 'postgres' | 'pglite';
}

/**
 * A journey file's own server, started once before its tests (the web app must be built) and stopped after
 * them. The object answered is filled in when the server is up, so the file's tests use it as they are.
 */
export function serverForFile(opts: JourneyServerOptions = {}): OrbitServer {
  const { database = 'postgres', ...serverOptions } = opts;
  const server = {} as OrbitServer;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    assertWebAppBuilt();
    const env = { ...serverOptions.env };
    if (database === 'postgres' && !env.DATABASE_URL) {
      const missing = await postgresMissingReason();
      if (missing) console.warn(`[orbit e2e] ${missing}: this journey's server runs on PGlite.`);
      else {
        const fresh = await createFreshDatabase(PG_URL, 'orbit_e2e');
        dropDatabase = fresh.drop;
        env.DATABASE_URL = fresh.url;
      }
    }
    Object.assign(server, await startServer({ ...serverOptions, env }));
  });
  afterAll(async () => {
    await server.stop?.();
    await dropDatabase?.();
  });
  return server;
}
