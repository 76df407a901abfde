import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGLITE_SHARED_BUFFERS_MB } from '../config';
import { MIGRATIONS_DIR } from '../paths';
import { BeginWithFirstStatement } from './begin-with-first';
import { type ListenHandlers, SharedListener } from './listen';
import { lockPgliteDir } from './pglite-lock';
import { PgliteThread } from './pglite-thread';

/**
 * Without drizzle's relational schema: its `db.query` builders were made again for every transaction (about
 * 60 objects a unit of work, a CPU profile's `PgDatabase` constructor), and nothing here reads through them.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
type NoSchema = Record<string, never>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Db | Tx;

/** How the database's connections are used now, for the metrics (decision 0055). */
export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  poolStats(): PoolStats;
  /** PGlite only: its data directory as a gzipped tarball (`orbit db:backup`). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite only: the size of the WebAssembly heap its Postgres runs in, which grows and never shrinks
   * (decision 0089); null where PGlite does not tell.
   */
  heapBytes?(): Promise<number | null>;
  /**
   * Notifications on `channel` from any process on the database (db/listen.ts), or from PGlite's one process;
   * answers the function that stops listening.
   */
  listen?(channel: string, handlers: ListenHandlers): () => Promise<void>;
}

/**
 * PGlite is one connection that runs one query or transaction at a time, the others queued behind it: it is
 * busy while any is in progress, and those beyond the first wait. Counted around its entry points.
 */
function countInProgress(client: PGlite): () => PoolStats {
  let inProgress = 0;
  const done = () => {
    inProgress -= 1;
  };
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      inProgress += 1;
      return original(...args).finally(done);
    };
  }
  return () => ({ total: 1, idle: inProgress === 0 ? 1 : 0, waiting: Math.max(0, inProgress - 1), max: 1 });
}

/** Any fixed number: every instance waits on it so that only one applies migrations at a time. */
const MIGRATION_LOCK = 7_240_112;

/** The extensions every PGlite of Orbit's opens with (a restored data directory included). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** PostgreSQL's start arguments for PGlite: its own, and the buffer cache's size. */
const pgliteStartParams = (sharedBuffersMb: number): string[] => [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${sharedBuffersMb}MB`,
];

interface PgliteStart {
  /** PGlite on a worker thread of its own (decision 0065). */
  ownThread?: boolean;
  /** Its buffer cache (PGLITE_SHARED_BUFFERS_MB, decision 0089). */
  sharedBuffersMb?: number;
}

/** PGlite on the request thread, or on a thread of its own (decision 0065), behind the same calls. */
async function startPglite(
  dataDir: string | null,
  loadDataDir: Blob | undefined,
  { ownThread = false, sharedBuffersMb = PGLITE_SHARED_BUFFERS_MB }: PgliteStart,
) {
  const startParams = pgliteStartParams(sharedBuffersMb);
  if (ownThread) {
    const thread = await PgliteThread.start(dataDir, loadDataDir, startParams);
    return {
      client: thread.asPglite(),
      dump: () => thread.dumpDataDir(),
      heapBytes: () => thread.heapBytes(),
    };
  }
  const client = await PGlite.create(dataDir ?? undefined, {
    extensions: PGLITE_EXTENSIONS,
    loadDataDir,
    startParams,
  });
  // PGlite keeps its Emscripten module protected; its memory is the one figure read from it.
  const mod = (client as unknown as { mod?: { wasmMemory: WebAssembly.Memory } }).mod;
  return {
    client,
    dump: () => client.dumpDataDir('gzip'),
    heapBytes: async () => mod?.wasmMemory.buffer.byteLength ?? null,
  };
}

/**
 * An embedded database: in memory without a directory; with one, held by this process until closed (a server
 * or `orbit` command already holding it is DatabaseBusy). `loadDataDir` fills an empty directory from a dump.
 * `ownThread` runs PGlite on a worker thread, so the database and the server's JavaScript use two cores.
 */
export async function openPglite(
  dataDir: string | null,
  loadDataDir?: Blob,
  start: PgliteStart = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const release = dataDir ? lockPgliteDir(dataDir) : () => {};
  let started: Awaited<ReturnType<typeof startPglite>>;
  try {
    started = await startPglite(dataDir, loadDataDir, start);
  } catch (err) {
    release();
    throw err;
  }
  const { client, dump, heapBytes } = started;
  const poolStats = countInProgress(client);
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: async () => {
      await client.close();
      release();
    },
    poolStats,
    dumpDataDir: dump,
    heapBytes,
    listen: (channel, handlers) => listenOn(client, channel, handlers),
  };
}

/**
 * PGlite's notifications, from its one process: this server's own writes and their triggers, heard as
 * PostgreSQL's listening connection hears every instance's (decisions 0075 to 0079). It cannot drop.
 */
function listenOn(client: PGlite, channel: string, handlers: ListenHandlers): () => Promise<void> {
  let stopped = false;
  const listening = client.listen(channel, (payload) => {
    if (!stopped) handlers.message(payload);
  });
  listening.then(
    () => {
      if (!stopped) handlers.up();
    },
    (err: Error) => handlers.down(err),
  );
  return async () => {
    stopped = true;
    const unlisten = await listening.catch(() => null);
    // A database already closed listens to nothing any more.
    await unlisten?.().catch(() => {});
  };
}

/**
 * How long a pooled connection may sit idle before it is closed. node-postgres's default, 10 s, closed the
 * connections a busy second had opened as soon as the load dipped, so the next busy second opened them again:
 * each new one starts a backend, warms its catalogue caches and prepares every statement again (decision
 * 0071). Under the crowd that came back every 15 to 20 s as 4 s of PostgreSQL at a full core, and every
 * request's tail with it (docs/scaling.md, 2026-12-06). Idle connections cost the database little; they go
 * once the instance has been quiet for this long.
 */
export const POOL_IDLE_MS = 5 * 60_000;

export async function openPostgres(url: string, max = 20): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: POOL_IDLE_MS,
    Client: BeginWithFirstStatement,
  });
  const listener = new SharedListener(url);
  // An idle client whose server connection drops (restart, failover) must not crash the process: the pool
  // discards it and the next query opens a new one.
  pool.on('error', (err) => console.warn(`[orbit] idle PostgreSQL connection lost: ${err.message}`));
  const db = drizzleNodePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const lock = await pool.connect();
      try {
        await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await lock.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        lock.release();
      }
    },
    close: () => pool.end(),
    listen: (channel, handlers) => listener.listen(channel, handlers),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
  };
}

/** Where PGlite keeps its data under DATA_DIR. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

export function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  /** PostgreSQL's pool size (the server's default unless set). */
  max?: number;
  /** PGlite on a thread of its own (decision 0065). */
  pgliteThread?: boolean;
  /** PGlite's buffer cache (decision 0089). */
  pgliteSharedBuffersMb?: number;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.max)
    : openPglite(opts.dataDir ? pgliteDirOf(opts.dataDir) : null, undefined, {
        ownThread: opts.pgliteThread,
        sharedBuffersMb: opts.pgliteSharedBuffersMb,
      });
}
