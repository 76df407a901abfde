import fs from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createFreshDatabase } from '../../bench/lib/fresh-database';
import { makeTempDir, type OrbitServer, startServer } from './server';

/** Several Orbit processes on one PostgreSQL database of their own and the shared Redis: a real cluster. */

export const PG_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379';

/** Why PostgreSQL cannot be used here (it does not answer), or null. */
export async function postgresMissingReason(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return `PostgreSQL at ${PG_URL} did not answer (${(err as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Why a cluster cannot run here (PostgreSQL or Redis does not answer), or null. */
export async function clusterMissingReason(): Promise<string | null> {
  const postgresMissing = await postgresMissingReason();
  if (postgresMissing) return postgresMissing;
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    return `Redis at ${REDIS_URL} did not answer (${(err as Error).message})`;
  } finally {
    redis.disconnect();
  }
}

export interface Cluster {
  /** The instances as they run now (a restarted one replaces its entry). */
  instances: OrbitServer[];
  ports: number[];
  /** Stops instance `index` with SIGTERM, expects a clean drain (exit 0), and starts it again on its port. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  ports: number[];
  env?: Record<string, string>;
  /** Every chunk instance `index` logs, across its restarts. */
  onOutput?: (index: number, chunk: string) => void;
}

/**
 * Starts one instance per port on a fresh database (dropped at stop) and one shared data folder, as several
 * hosts would share a volume; the first starts alone, so it is the one that migrates.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const database = await createFreshDatabase(PG_URL, 'orbit_cluster');
  const dataDir = makeTempDir('orbit-cluster-');
  const env = { DATABASE_URL: database.url, REDIS_URL, ...options.env };
  const start = (index: number) =>
    startServer({
      env,
      dataDir,
      port: options.ports[index],
      onOutput: (chunk) => options.onOutput?.(index, chunk),
    });
  const instances: OrbitServer[] = [];
  for (const index of options.ports.keys()) instances.push(await start(index));
  return {
    instances,
    ports: options.ports,
    async restart(index) {
      const stopping = instances[index];
      process.kill(stopping.pid, 'SIGTERM');
      const code = await stopping.exited;
      if (code !== 0) throw new Error(`instance ${index} exited ${code} after SIGTERM, not 0`);
      instances[index] = await start(index);
    },
    async stop() {
      await Promise.all(instances.map((instance) => instance.stop()));
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
