import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { type Database, openPglite, pgliteDirOf } from '../db/client';
import { busyMessage, DatabaseBusy, pgliteHolder } from '../db/pglite-lock';
import { appliedMigrations, CliError, databaseName, type Line, rowsOf, withDatabase } from './context';
import type { Run } from './program';

/** The first bytes of each kind of backup: pg_dump's custom format, and PGlite's gzipped tarball. */
const PG_DUMP_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

export async function migrate(config: Config): Promise<Line> {
  return withDatabase(config, async (database) => {
    const before = await appliedMigrations(database.db);
    await database.migrate();
    const after = await appliedMigrations(database.db);
    return `Migrated ${databaseName(config)}: ${after - before} migration(s) applied, ${after} in all`;
  });
}

/** The tool's exit, with what it wrote on stderr as the reason when it failed. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (err) => reject(new CliError(`${command} could not run (${err.message}); install it`)));
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new CliError(
            `${command} failed: ${stderr.trim().split('\n').slice(-3).join(' ') || `exit ${code}`}`,
          ),
        );
    });
  });
}

/** The URL without its password, which goes in PGPASSWORD: a command line is readable by every user. */
function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Writes through a file beside the target, renamed at the end: a failed backup leaves an older one whole. */
async function writeAtomically(file: string, write: (temporary: string) => Promise<void>): Promise<number> {
  const target = path.resolve(file);
  if (!fs.existsSync(path.dirname(target)))
    throw new CliError(`cannot write ${file}: its folder does not exist`);
  const temporary = `${target}.partial-${process.pid}`;
  try {
    await write(temporary);
    fs.renameSync(temporary, target);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return fs.statSync(target).size;
}

/** A PGlite directory is refused while a server (or another command) holds it. */
function assertPgliteFree(dir: string): void {
  const holder = pgliteHolder(dir);
  if (holder) throw new DatabaseBusy(busyMessage(dir, holder));
}

export async function backup(config: Config, out: string): Promise<Line> {
  const bytes = config.databaseUrl
    ? await writeAtomically(out, async (temporary) => {
        const { url, env } = pgConnection(config.databaseUrl!);
        await runTool('pg_dump', ['--format=custom', `--file=${temporary}`, `--dbname=${url}`], env);
      })
    : await backupPglite(config, out);
  return `Backed up ${databaseName(config)} to ${out} (${bytes} bytes, ${config.databaseUrl ? "pg_dump's custom format" : "PGlite's data directory, gzipped"})`;
}

function backupPglite(config: Config, out: string): Promise<number> {
  assertPgliteFree(pgliteDirOf(config.dataDir));
  if (!fs.existsSync(pgliteDirOf(config.dataDir))) {
    throw new CliError(`there is no database at ${pgliteDirOf(config.dataDir)} to back up (check DATA_DIR)`);
  }
  return withDatabase(config, (database: Database) =>
    writeAtomically(out, async (temporary) => {
      const dump = await database.dumpDataDir!();
      fs.writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    }),
  );
}

/** The backup's bytes, checked to be of the kind the configured database takes. */
function readBackup(config: Config, file: string): Buffer {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    throw new CliError(
      `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  const isPg = bytes.subarray(0, PG_DUMP_MAGIC.length).equals(PG_DUMP_MAGIC);
  const isPglite = bytes.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC);
  if (!isPg && !isPglite)
    throw new CliError(`${file} is not an Orbit backup (neither pg_dump's custom format nor PGlite's)`);
  if (config.databaseUrl && !isPg) {
    throw new CliError(
      `${file} is a PGlite backup, and DATABASE_URL names PostgreSQL: restore it with DATABASE_URL unset`,
    );
  }
  if (!config.databaseUrl && isPg) {
    throw new CliError(
      `${file} is a PostgreSQL backup, and DATABASE_URL is unset (PGlite): set DATABASE_URL to an empty database`,
    );
  }
  return bytes;
}

async function tablesIn(config: Config): Promise<number> {
  return withDatabase(config, async (database) => {
    const rows = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
  });
}

export async function restore(config: Config, file: string): Promise<Line> {
  const bytes = readBackup(config, file);
  if (config.databaseUrl) {
    if ((await tablesIn(config)) > 0) {
      throw new CliError(
        `${databaseName(config)} is not empty: restore goes into an empty database (createdb a new one)`,
      );
    }
    const { url, env } = pgConnection(config.databaseUrl);
    // One transaction: a restore that fails leaves the database as empty as it was.
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file],
      env,
    );
  } else {
    await restorePglite(config, bytes, file);
  }
  return `Restored ${file} into ${databaseName(config)}; start the server (it applies newer migrations) or run db:migrate`;
}

async function restorePglite(config: Config, bytes: Buffer, file: string): Promise<void> {
  const dir = pgliteDirOf(config.dataDir);
  assertPgliteFree(dir);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new CliError(
      `${dir} already holds a database: restore goes into an empty one (move it aside, or set DATA_DIR to a new folder)`,
    );
  }
  let database: Database;
  try {
    database = await openPglite(dir, new Blob([new Uint8Array(bytes)]));
  } catch (err) {
    if (err instanceof DatabaseBusy) throw err;
    fs.rmSync(dir, { recursive: true, force: true });
    throw new CliError(`${file} is not a PGlite backup this version reads (${(err as Error).message})`);
  }
  await database.close();
}

export function databaseCommands(program: Command, run: Run): void {
  program
    .command('db:migrate')
    .description('apply the migrations the database lacks (the server does at start too)')
    .action(() => run((config) => migrate(config)));
  program
    .command('db:backup')
    .description("back up the database: pg_dump's custom format, or PGlite's data directory (server stopped)")
    .requiredOption('--out <file>', 'the backup file to write')
    .action((opts: { out: string }) => run((config) => backup(config, opts.out)));
  program
    .command('db:restore')
    .description('restore a backup into an empty database (a new PostgreSQL database, or an empty DATA_DIR)')
    .requiredOption('--in <file>', 'the backup file to read')
    .action((opts: { in: string }) => run((config) => restore(config, opts.in)));
}
