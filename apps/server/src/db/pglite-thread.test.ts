import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
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

const open: Database[] = [];

async function threaded(dataDir: string | null = null, dump?: Blob): Promise<Database> {
  const database = await openPglite(dataDir, dump, { ownThread: true });
  open.push(database);
  await database.db.execute(
    sql`CREATE TABLE IF NOT EXISTS counters (id integer PRIMARY KEY, name text NOT NULL UNIQUE,
      n integer NOT NULL DEFAULT 0, at timestamptz NOT NULL DEFAULT now(), data jsonb)`,
  );
  return database;
}

afterEach(async () => {
  for (const database of open.splice(0)) await database.close().catch(() => {});
});

describe('PGlite on a thread of its own (decision 0065)', () => {
  it('answers rows as drizzle maps them: timestamps as dates, JSON as objects', async () => {
    const { db } = await threaded();
    await db.insert(counters).values({ id: 1, name: 'a', data: { stars: [1, 2] } });
    const [row] = await db.select().from(counters).where(eq(counters.id, 1));
    expect(row?.at).toBeInstanceOf(Date);
    expect(Math.abs((row?.at.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(row?.data).toEqual({ stars: [1, 2] });
    const counted = await db.execute(sql`SELECT count(*)::int AS total FROM counters`);
    expect((counted as { rows: unknown[] }).rows).toEqual([{ total: 1 }]);
  });

  it('commits a transaction, and rolls back one that throws, nothing of it kept', async () => {
    const { db } = await threaded();
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
    const { db } = await threaded();
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
    const { db } = await threaded();
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

  it('dumps its directory and opens again from the dump with the same rows', async () => {
    const first = await threaded();
    await first.db.insert(counters).values({ id: 7, name: 'seven', data: { kept: true } });
    const dump = await first.dumpDataDir?.();
    expect(dump?.size).toBeGreaterThan(0);
    const second = await threaded(null, dump);
    expect(await second.db.select({ name: counters.name, data: counters.data }).from(counters)).toEqual([
      { name: 'seven', data: { kept: true } },
    ]);
  });

  it('holds its directory against a second opener, and keeps what it wrote after it is closed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-pglite-thread-'));
    try {
      const first = await threaded(dir);
      await expect(openPglite(dir, undefined, { ownThread: true })).rejects.toBeInstanceOf(DatabaseBusy);
      await first.db.insert(counters).values({ id: 1, name: 'on disk' });
      await first.close();
      const again = await threaded(dir);
      expect((await again.db.select({ name: counters.name }).from(counters)).map((r) => r.name)).toEqual([
        'on disk',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a statement after it is closed with a clear error, never hanging', async () => {
    const database = await threaded();
    await database.close();
    const err = await database.db.execute(sql`SELECT 1`).catch((caught: Error) => caught);
    expect((err as Error & { cause?: Error }).cause?.message).toMatch(/closed/);
  });
});
