import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { createFreshDatabase } from '../../../../bench/lib/fresh-database';
import { orbit } from '../cli/program';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { call } from './call';
import { createTestApp, DB_TARGET, GOOD_PASSWORD, PG_ADMIN_URL, type TestContext } from './harness';
import { bearer } from './sign-in';

/** What one `orbit` command did: its exit code and the lines it printed. */
export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

/**
 * A database of the run's kind for the admin command: an empty DATA_DIR (PGlite), or a new PostgreSQL database
 * of its own. `remove()` drops it.
 */
export interface CliTarget {
  env: Record<string, string>;
  orbit(...argv: string[]): Promise<CliRun>;
  /** The app on this database, for `use`, then closed (PGlite has one owner at a time: the command waits). */
  withApp<T>(use: (ctx: TestContext) => Promise<T>, overrides?: Partial<Config>): Promise<T>;
  remove(): Promise<void>;
}

export async function cliTarget(): Promise<CliTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-cli-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: '',
    PUBLIC_URL: 'https://orbit.example.org',
    ARGON2_CONCURRENCY: '2',
  };
  const postgres = DB_TARGET === 'postgres' ? await createFreshDatabase(PG_ADMIN_URL, 'orbit_cli') : null;
  if (postgres) env.DATABASE_URL = postgres.url;
  return {
    env,
    orbit: (...argv) => runOrbit(argv, env),
    withApp: async (use, overrides = {}) => {
      const config = loadConfig(env);
      const database: Database = await openDatabase({ ...config, max: 3 });
      const ctx = await createTestApp({ rateLimitFactor: 1000, ...overrides }, database);
      try {
        return await use(ctx);
      } finally {
        await ctx.close();
        await database.close();
      }
    },
    remove: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}

export async function runOrbit(argv: string[], env: Record<string, string>): Promise<CliRun> {
  const run: CliRun = { code: -1, out: [], err: [] };
  run.code = await orbit(argv, env, { out: (line) => run.out.push(line), err: (line) => run.err.push(line) });
  return run;
}

/** The token of a set-password or reset link an `orbit` line printed. */
export function linkToken(line: string): string {
  const match = line.match(/https:\/\/orbit\.example\.org\/reset-password\?token=([\w-]+)/);
  if (!match) throw new Error(`no link in: ${line}`);
  return match[1];
}

/**
 * Tests that run several commands and apps, each opening the database: minutes on a loaded machine (a backup
 * and its restore on PGlite passed two minutes in a clean-clone run beside the journeys).
 */
export const CLI_SLOW_MS = 300_000;

export const login = (ctx: TestContext, identity: string, password = GOOD_PASSWORD) =>
  call(ctx.app, 'login', { body: { identity, password } });

export const home = (ctx: TestContext, token: string) =>
  call(ctx.app, 'profiles', { headers: bearer(token) });

export const resetPassword = (ctx: TestContext, line: string) =>
  call(ctx.app, 'resetPassword', { body: { token: linkToken(line), password: GOOD_PASSWORD } });

/** Sets the password through the link an `orbit` line printed. */
export async function setPassword(ctx: TestContext, line: string): Promise<void> {
  const res = await resetPassword(ctx, line);
  expect(res.statusCode, res.body).toBe(200);
}
