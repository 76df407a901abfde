import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Logger, pino } from 'pino';
import { type Config, loadConfig } from '../config';
import { type Database, type Db, openDatabase, pgliteDirOf } from '../db/client';
import type { AppDeps } from '../deps';
import { createDeps } from '../wiring';

/** A refusal of the command's input (a missing member, a bad file): its message is the whole answer. */
export class CliError extends Error {}

/** What a command answers: the one line it prints. */
export type Line = string;

/** The configuration the server reads (config.ts), from the command's environment. */
export function configFrom(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    throw new CliError(`configuration: ${(err as Error).message}`);
  }
}

/** Where the command works, without a password: `PostgreSQL host/db` or `PGlite <dir>`. */
export function databaseName(config: Config): string {
  if (!config.databaseUrl) return `PGlite ${pgliteDirOf(config.dataDir)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.host}${url.pathname}`;
}

/** The components log to stderr, warnings and worse only: stdout carries the command's one line. */
export function quietLog(config: Config): Logger {
  const level = ['fatal', 'error', 'silent'].includes(config.logLevel) ? config.logLevel : 'warn';
  return pino({ level }, pino.destination(2));
}

/** node-postgres and PGlite's drizzle both answer `{ rows }` to `execute`, typed loosely by drizzle. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Migrations drizzle recorded as applied (none before the first run). */
export async function appliedMigrations(db: Db): Promise<number> {
  const table = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!rowsOf<{ t: string | null }>(table)[0]?.t) return 0;
  const rows = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
}

/** The migrations this version of Orbit has (drizzle-kit's journal). */
function knownMigrations(): number {
  const journal = path.resolve(import.meta.dirname, '../db/migrations/meta/_journal.json');
  return (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

/** Member commands need the tables this version writes: a database behind them is told to migrate first. */
async function assertMigrated(config: Config, db: Db): Promise<void> {
  const missing = knownMigrations() - (await appliedMigrations(db));
  if (missing > 0) {
    throw new CliError(
      `${databaseName(config)} lacks ${missing} migration(s): run \`npm run orbit -- db:migrate\` (or start the server) first`,
    );
  }
}

/** The configured database, opened (PGlite: held by this process) for `use`, then closed. */
export async function withDatabase<T>(config: Config, use: (database: Database) => Promise<T>): Promise<T> {
  // A pool of two: the command runs one thing at a time beside the instances serving members.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    max: 2,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
  });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** The configured database, once it is seen to have every migration of this version. */
export function withMigratedDatabase<T>(config: Config, use: (database: Database) => Promise<T>): Promise<T> {
  return withDatabase(config, async (database) => {
    await assertMigrated(config, database.db);
    return use(database);
  });
}

/**
 * The services the server builds (wiring.ts), on the configured database, for `use`: closing sessions reaches
 * every instance through the same bus (Redis with REDIS_URL), and files leave the same storage.
 */
export function withDeps<T>(config: Config, use: (deps: AppDeps) => Promise<T>): Promise<T> {
  return withMigratedDatabase(config, async (database) => {
    const { deps, close } = await createDeps(config, database, { log: quietLog(config) });
    try {
      return await use(deps);
    } finally {
      await close();
    }
  });
}
