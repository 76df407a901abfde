import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, inject, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import type { AppDeps } from '../deps';
import { ErrorCodeCheck } from '../platform/error-check';
import { EventSchemaCheck } from '../platform/event-check';
import type { App } from '../platform/http';
import { MemoryWire } from '../platform/realtime/bus';
import { MemoryStorage } from '../platform/storage';
import { createDeps } from '../wiring';

/** The test database target: PGlite in memory, or a fresh database on the PostgreSQL server (server-pg project). */
export const DB_TARGET = process.env.ORBIT_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const PG_ADMIN_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh database on the PostgreSQL server, dropped on close; `via` reaches it through another address (a
 * proxy the test controls) instead of the server's own.
 */
export async function freshPostgres(via?: { host: string; port: number }): Promise<Database> {
  const name = `orbit_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  // Copied from the run's migrated template where its global setup made one (pg-template.ts).
  const template = inject('pgTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  if (via) {
    url.hostname = via.host;
    url.port = String(via.port);
  }
  const database = await openPostgres(url.toString(), 5);
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: PG_ADMIN_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return database;
}

/**
 * PGlite's initdb and the migrations cost about 2 s of CPU a database; a test worker pays them once, and every
 * later database of the worker starts from that migrated copy (about 0.9 s). The migrations still run on it:
 * none is left to apply, so the database is the same as one migrated from empty.
 */
let migratedPglite: Promise<Blob> | undefined;
/** `ORBIT_TEST_PGLITE_THREAD=1` runs the suite's PGlite on threads of their own, as the server does (decision 0065). */
const ownThread = process.env.ORBIT_TEST_PGLITE_THREAD === '1';

async function freshPglite(): Promise<Database> {
  migratedPglite ??= (async () => {
    const template = await openPglite(null, undefined, { ownThread });
    try {
      await template.migrate();
      if (!template.dumpDataDir) throw new Error('PGlite without dumpDataDir');
      return await template.dumpDataDir();
    } finally {
      await template.close();
    }
  })();
  return openPglite(null, await migratedPglite, { ownThread });
}

export async function openTestDatabase(): Promise<Database> {
  const database = DB_TARGET === 'postgres' ? await freshPostgres() : await freshPglite();
  await database.migrate();
  return database;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '', DATA_DIR: '/tmp/orbit-test-unused' }),
    seedDemo: false,
    argon2Concurrency: 2,
    // Tests sign up many members from one address; the rate-limit tests set the factor back to 1.
    rateLimitFactor: 1000,
    ...overrides,
  };
}

export interface TestContext {
  app: App;
  deps: AppDeps;
  database: Database;
  close(): Promise<void>;
}

/**
 * Cleanup after the test that is running, or after the file's tests when none is (the file's or a describe's
 * body): an afterAll registered while a test runs never runs, so apps made inside a test (their database,
 * timers and Janus children) lived on until the worker exited.
 */
function afterItsTestOrFile(cleanup: () => Promise<void>): void {
  try {
    onTestFinished(cleanup);
  } catch {
    afterAll(cleanup);
  }
}

/** The apps on one database are instances of one deployment: their in-process buses share a wire, as Redis. */
const wires = new WeakMap<Database, MemoryWire>();
function wireOf(database: Database): MemoryWire {
  let wire = wires.get(database);
  if (!wire) {
    wire = new MemoryWire();
    wires.set(database, wire);
  }
  return wire;
}

/** A real app on a real (fresh) database; closed after the test it was made in, or after the file's tests. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  database?: Database,
): Promise<TestContext> {
  const config = testConfig(overrides);
  const db = database ?? (await openTestDatabase());
  const events = new EventSchemaCheck();
  const { deps, redis, close } = await createDeps(config, db, {
    storage: new MemoryStorage(),
    checkEmit: events.check,
    memoryWire: wireOf(db),
  });
  const refusals = new ErrorCodeCheck();
  const app = await buildApp(deps, { logger: false, redis, errorCheck: refusals });
  await app.ready();
  await deps.realtime.start();
  let closed = false;
  const ctx: TestContext = {
    app,
    deps,
    database: db,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await close();
      if (!database) await db.close();
    },
  };
  afterItsTestOrFile(async () => {
    // A live write that threw is repaired by the client's resume, so only this count shows it (a bug).
    const failures = deps.realtime.liveWriteFailures();
    await ctx.close();
    expect(failures, 'live socket writes that threw').toBe(0);
    // Every event the file's tests made the server send matches its payload schema in the contract.
    expect(events.violations(), 'emitted events that do not match the event catalogue').toEqual([]);
    // Every refusal of a declared route carries a code its declaration in the contract lists.
    expect(refusals.violations(), 'refusals with a code their route does not declare').toEqual([]);
  });
  return ctx;
}

let counter = 0;
/** A unique, valid member name for a test. */
export function uniqueName(prefix = 'member'): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(2).toString('hex')}`;
}

export const GOOD_PASSWORD = 'Orbit-walk-42';

export interface TestUser {
  userId: number;
  username: string;
  email: string;
  password: string;
  token: string;
  /** Headers for a Bearer call as this member. */
  headers: Record<string, string>;
}

/** Registers and signs in a member through the real routes. */
export async function signUp(
  app: App,
  fields: { username?: string; password?: string } = {},
): Promise<TestUser> {
  const username = fields.username ?? uniqueName();
  const password = fields.password ?? GOOD_PASSWORD;
  const email = `${username}@example.test`;
  const reg = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { email, password, username },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { identity: username, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const token = login.json().user_token as string;
  return {
    userId: reg.json().user_id,
    username,
    email,
    password,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** How long a test waits for something that happens in the background (vi.waitFor), on a loaded machine. */
export const EVENTUALLY = { timeout: 15_000, interval: 50 } as const;

/** Every field of a star (docs/product/home-and-stars.md#star-types), as the spec lists them: a star answered without one is a defect. */
export const STAR_FIELDS = [
  'star_id',
  'star_type',
  'zone',
  'size',
  'color',
  'color_ring',
  'image_url',
  'avatar_image',
  'badge_image',
  'effect',
  'pinned',
  'interaction_date',
  'name',
  'screen_name',
  'user_id',
  'community_id',
  'persona_image',
  'gojimoji',
  'type',
  'kind',
  'org_name',
  'incentive_plans',
  'bg_app_id',
  'session_type',
  'activity_type',
];
