import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isUniqueViolation } from '../platform/errors';
import { type Database, openPglite } from './client';
import { DatabaseBusy } from './pglite-lock';

/** A table of the test's own: the thread is about carrying statements, not about Orbit's schema. */
const counters = pgTable('counters', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  n: integer('n').notNull().default(0),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  data: jsonb('data'),
});

const CREATE_COUNTERS = sql`CREATE TABLE IF NOT EXISTS counters (id integer PRIMARY KEY, name text NOT NULL UNIQUE,
  n integer NOT NULL DEFAULT 0, at timestamptz NOT NULL DEFAULT now(), data jsonb)`;

/**
 * PGlite's start costs seconds alone and tens of seconds on a loaded runner (decision 0062): one database on
 * the thread serves the tests of rows, transactions, errors and concurrency (emptied before each), and the
 * others open theirs from its dump, which skips the cluster's creation.
 */
let shared: Database;
let dump: Blob;
const opened: Database[] = [];

async function fromDump(
  dataDir: string | null = null,
  start: { ownThread?: boolean; sharedBuffersMb?: number } = {},
) {
  const database = await openPglite(dataDir, dump, { ownThread: true, ...start });
  opened.push(database);
  return database;
}

beforeAll(async () => {
  shared = await openPglite(null, undefined, { ownThread: true });
  await shared.db.execute(CREATE_COUNTERS);
  const dumped = await shared.dumpDataDir?.();
  if (!dumped) throw new Error('PGlite without dumpDataDir');
  dump = dumped;
}, 180_000);

beforeEach(async () => {
  await shared.db.execute(sql`TRUNCATE counters`);
});

afterAll(async () => {
  for (const database of [shared, ...opened]) await database?.close().catch(() => {});
});

// Each test may wait for a PGlite to start from a dump: seconds alone, a minute beside the journeys.
describe('PGlite on a thread of its own (decision 0065)', { timeout: 120_000 }, () => {
  it('keeps a buffer cache of 32 MB, or of the size it is given, on its thread or the request thread (decision 0089)', async () => {
    const cacheOf = async (database: Database) => {
      const shown = (await database.db.execute(sql`SHOW shared_buffers`)) as { rows: unknown[] };
      return shown.rows[0];
    };
    expect(await cacheOf(shared)).toEqual({ shared_buffers: '32MB' });
    expect(await cacheOf(await fromDump(null, { sharedBuffersMb: 24 }))).toEqual({ shared_buffers: '24MB' });
    expect(await cacheOf(await fromDump(null, { ownThread: false, sharedBuffersMb: 16 }))).toEqual({
      shared_buffers: '16MB',
    });
  });

  it("hears its own notifications: a statement's, and a transaction's at its commit, until it stops", async () => {
    const heard: string[] = [];
    let up = false;
    const stop = shared.listen?.('orbit_test_channel', {
      message: (payload) => heard.push(payload),
      up: () => {
        up = true;
      },
      down: (err) => {
        throw err;
      },
    });
    await vi.waitFor(() => expect(up).toBe(true));
    await shared.db.execute(sql`SELECT pg_notify('orbit_test_channel', 'alone')`);
    await shared.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('orbit_test_channel', 'committed')`);
      // Held until the commit, as PostgreSQL holds a transaction's notifications.
      await tx.execute(sql`SELECT 1`);
      expect(heard).toEqual(['alone']);
    });
    await vi.waitFor(() => expect(heard).toEqual(['alone', 'committed']));
    await stop?.();
    await shared.db.execute(sql`SELECT pg_notify('orbit_test_channel', 'unheard')`);
    await shared.db.execute(sql`SELECT 1`);
    expect(heard).toEqual(['alone', 'committed']);
  });

  it('answers rows as drizzle maps them: timestamps as dates, JSON as objects', async () => {
    const { db } = shared;
    await db.insert(counters).values({ id: 1, name: 'a', data: { stars: [1, 2] } });
    const [row] = await db.select().from(counters).where(eq(counters.id, 1));
    expect(row?.at).toBeInstanceOf(Date);
    expect(Math.abs((row?.at.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(row?.data).toEqual({ stars: [1, 2] });
    const counted = await db.execute(sql`SELECT count(*)::int AS total FROM counters`);
    expect((counted as { rows: unknown[] }).rows).toEqual([{ total: 1 }]);
  });

  it('commits a transaction, and rolls back one that throws, nothing of it kept', async () => {
    const { db } = shared;
    await db.transaction(async (tx) => {
      await tx.insert(counters).values({ id: 1, name: 'kept' });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(counters).values({ id: 2, name: 'dropped' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const names = (await db.select({ name: counters.name }).from(counters)).map((r) => r.name);
    expect(names).toEqual(['kept']);
  });

  it('keeps PostgreSQL error codes, so a unique violation is still recognised', async () => {
    const { db } = shared;
    await db.insert(counters).values({ id: 1, name: 'one' });
    const err = await db
      .insert(counters)
      .values({ id: 2, name: 'one' })
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(err)).toBe(true);
    // The transaction a statement failed in is rolled back whole, and the thread goes on serving.
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(counters).values({ id: 3, name: 'three' });
        await tx.insert(counters).values({ id: 4, name: 'one' });
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect((await db.select().from(counters)).map((r) => r.id)).toEqual([1]);
  });

  it('loses no update when many transactions read and write the same row at once', async () => {
    const { db } = shared;
    await db.insert(counters).values({ id: 1, name: 'shared' });
    await Promise.all(
      Array.from({ length: 40 }, () =>
        db.transaction(async (tx) => {
          const [row] = await tx.select({ n: counters.n }).from(counters).where(eq(counters.id, 1));
          await tx
            .update(counters)
            .set({ n: (row?.n ?? 0) + 1 })
            .where(eq(counters.id, 1));
        }),
      ),
    );
    const [row] = await db.select({ n: counters.n }).from(counters);
    expect(row?.n).toBe(40);
  });

  it("runs a transaction's statements without waiting in the request thread's queue of work (decision 0082)", async () => {
    const { db } = shared;
    const seen: string[] = [];
    // Other work of the request thread, queued all along: each turn of it would come between two statements
    // whose answers were awaited as messages, while the transaction held the one connection.
    let ticking = true;
    const tick = () => {
      if (!ticking) return;
      seen.push('other work');
      setImmediate(tick);
    };
    setImmediate(tick);
    await db.transaction(async (tx) => {
      for (let id = 1; id <= 5; id += 1) {
        await tx.insert(counters).values({ id, name: `n${id}` });
        seen.push(`statement ${id}`);
      }
    });
    ticking = false;
    const first = seen.indexOf('statement 1');
    expect(seen.slice(first, first + 5)).toEqual([1, 2, 3, 4, 5].map((id) => `statement ${id}`));
    expect(await db.select({ id: counters.id }).from(counters)).toHaveLength(5);
  });

  it("refuses a transaction's slow statement once its thread ends, the request thread free meanwhile", async () => {
    const database = await fromDump();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { $client } = database.db as unknown as { $client: { worker: Worker } };
      const seen: string[] = [];
      const slow = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_sleep(4)`);
          seen.push('statement answered');
        })
        .catch((caught: Error) => caught);
      // A timer runs only while the request thread is free: a statement that takes long is waited for
      // without blocking, so the thread's end is heard and refuses it (blocked, it ran only after the answer).
      const ended = new Promise<void>((done) =>
        setTimeout(() => {
          seen.push('request thread free');
          void $client.worker.terminate().then(() => done());
        }, 1500),
      );
      const err = await slow;
      await ended;
      expect(seen).toEqual(['request thread free']);
      expect(`${(err as Error).message} ${(err as Error & { cause?: Error }).cause?.message}`).toMatch(
        /thread ended/,
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('dumps its directory and opens again from the dump with the same rows', async () => {
    await shared.db.insert(counters).values({ id: 7, name: 'seven', data: { kept: true } });
    const written = await shared.dumpDataDir?.();
    expect(written?.size).toBeGreaterThan(0);
    const again = await openPglite(null, written, { ownThread: true });
    opened.push(again);
    expect(await again.db.select({ name: counters.name, data: counters.data }).from(counters)).toEqual([
      { name: 'seven', data: { kept: true } },
    ]);
  });

  it('holds its directory against a second opener, and keeps what it wrote after it is closed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-pglite-thread-'));
    try {
      const first = await fromDump(dir);
      await expect(openPglite(dir, undefined, { ownThread: true })).rejects.toBeInstanceOf(DatabaseBusy);
      await first.db.insert(counters).values({ id: 1, name: 'on disk' });
      await first.close();
      const again = await openPglite(dir, undefined, { ownThread: true });
      opened.push(again);
      expect((await again.db.select({ name: counters.name }).from(counters)).map((r) => r.name)).toEqual([
        'on disk',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a statement after it is closed with a clear error, never hanging', async () => {
    const database = await fromDump();
    await database.close();
    const err = await database.db.execute(sql`SELECT 1`).catch((caught: Error) => caught);
    expect((err as Error & { cause?: Error }).cause?.message).toMatch(/closed/);
  });

  it('refuses every statement with a clear error, and logs one line, when its thread ends unexpectedly', async () => {
    const database = await fromDump();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // The thread as drizzle holds it; its worker ended from outside, as a crash would end it.
      const { $client } = database.db as unknown as { $client: { worker: Worker } };
      await $client.worker.terminate();
      const err = await database.db.execute(sql`SELECT 1`).catch((caught: Error) => caught);
      expect((err as Error & { cause?: Error }).cause?.message).toMatch(/thread ended/);
      expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([
        expect.stringContaining("[orbit] the embedded database's thread stopped"),
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});
