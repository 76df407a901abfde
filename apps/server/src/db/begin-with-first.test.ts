import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DB_TARGET, PG_ADMIN_URL } from '../test/harness';
import { BeginWithFirstStatement, commitWithNextStatement, writeWithNextStatement } from './begin-with-first';
import type { Queryable } from './client';
import { preparedSql } from './prepared';

const onPostgres = DB_TARGET === 'postgres';
if (!onPostgres) {
  console.warn(
    "[orbit] A transaction's BEGIN sent with its first statement is node-postgres's: tested on PostgreSQL.",
  );
}

describe.runIf(onPostgres)("a transaction's BEGIN sent with its first statement (decision 0074)", () => {
  const pool = new pg.Pool({ connectionString: PG_ADMIN_URL, max: 4, Client: BeginWithFirstStatement });
  /** Round trips the server answered (each ends with ReadyForQuery), over every connection of the pool. */
  let answered = 0;
  pool.on('connect', (client) => {
    (client as unknown as { connection: pg.Connection }).connection.on('readyForQuery', () => {
      answered += 1;
    });
  });
  const db = drizzle(pool);
  type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];
  const table = sql.raw(`begin_first_${randomBytes(4).toString('hex')}`);
  const created = db.execute(sql`CREATE TABLE ${table} (id int PRIMARY KEY, n int NOT NULL)`);
  afterAll(async () => {
    await db.execute(sql`DROP TABLE IF EXISTS ${table}`);
    await pool.end();
  });

  /** Named statements, as the services' prepared ones are, prepared on the transaction they run in. */
  const counter = (tx: Tx) =>
    tx
      .select({ n: sql<number>`n` })
      .from(sql`${table}`)
      .where(sql`id = ${sql.placeholder('id')}`)
      .for('update')
      .prepare('begin_first_counter');
  const countOf = async (id: number) =>
    (await db.execute<{ n: number }>(sql`SELECT n FROM ${table} WHERE id = ${id}`)).rows[0]?.n;

  async function roundTrips(fn: () => Promise<unknown>) {
    const before = answered;
    await fn();
    return answered - before;
  }

  /** A unit of work's shape: a read that locks, then a write, then drizzle's COMMIT. */
  const unitOfWork = (id: number) =>
    db.transaction(async (tx) => {
      const [row] = await counter(tx).execute({ id });
      await new Promise((resolve) => setTimeout(resolve, 2));
      await tx.execute(sql`UPDATE ${table} SET n = ${(row?.n ?? 0) + 1} WHERE id = ${id}`);
    });

  /** A unit of work whose write is its last statement, sent with the COMMIT, as the events' append is. */
  const endsWithWrite = (id: number) =>
    db.transaction(async (tx) => {
      const [row] = await counter(tx).execute({ id });
      await new Promise((resolve) => setTimeout(resolve, 2));
      commitWithNextStatement(tx);
      return (
        await tx.execute(sql`UPDATE ${table} SET n = ${(row?.n ?? 0) + 1} WHERE id = ${id} RETURNING n`)
      ).rows;
    });

  it('opens with the first statement: a read, a write and the commit are three round trips, not four', async () => {
    await created;
    await db.execute(sql`INSERT INTO ${table} VALUES (1, 0)`);
    // A name's first use on a connection parses it and sends BEGIN on its own; every connection has it after.
    await Promise.all([unitOfWork(1), unitOfWork(1), unitOfWork(1), unitOfWork(1)]);
    expect(await roundTrips(() => unitOfWork(1))).toBe(3);
    expect(await roundTrips(() => db.transaction((tx) => counter(tx).execute({ id: 1 })))).toBe(2);
    expect(await roundTrips(() => db.transaction(async () => 'nothing sent'))).toBe(0);
    expect(await countOf(1)).toBe(5);
  });

  // The row lock lasts until the commit only if BEGIN came first, and the COMMIT last.
  it.each([
    { shape: 'a unit of work', id: 2, work: unitOfWork },
    { shape: 'one that ends with its write (decision 0081)', id: 11, work: endsWithWrite },
  ])('keeps each transaction whole under concurrency, $shape: no increment is lost', async ({ id, work }) => {
    await db.execute(sql`INSERT INTO ${table} VALUES (${id}, 0)`);
    await Promise.all(Array.from({ length: 20 }, () => work(id)));
    expect(await countOf(id)).toBe(20);
  });

  it('commits nothing when a statement fails, the one that carried BEGIN too, and answers its own code', async () => {
    const duplicateSecond = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO ${table} VALUES (${3}, ${1})`);
      await tx.execute(sql`INSERT INTO ${table} VALUES (${3}, ${2})`);
    });
    await expect(duplicateSecond).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }),
    });
    const duplicateFirst = db.transaction((tx) => tx.execute(sql`INSERT INTO ${table} VALUES (${1}, ${9})`));
    await expect(duplicateFirst).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23505' }),
    });
    const rows = await db.execute<{ id: number }>(sql`SELECT id FROM ${table} WHERE id = ${3} OR n = ${9}`);
    expect(rows.rows).toEqual([]);
    // The connections are whole after it: the next unit of work commits.
    await unitOfWork(1);
    expect(await countOf(1)).toBe(6);
  });

  it("answers each statement's own rows, with or without parameters and names", async () => {
    const rows = await db.transaction(async (tx) => {
      const first = (await tx.execute<{ a: number }>(sql`SELECT ${41}::int + 1 AS a`)).rows;
      const plain = (await tx.execute<{ b: string }>(sql`SELECT 'plain' AS b`)).rows;
      const last = await counter(tx).execute({ id: 2 });
      return [first, plain, last];
    });
    expect(rows).toEqual([[{ a: 42 }], [{ b: 'plain' }], [{ n: 20 }]]);
  });

  describe('and its COMMIT with its last statement (decision 0081)', () => {
    it('ends the transaction in the last statement: a read and a write are two round trips, with its rows', async () => {
      await db.execute(sql`INSERT INTO ${table} VALUES (10, 0)`);
      await Promise.all([endsWithWrite(10), endsWithWrite(10), endsWithWrite(10), endsWithWrite(10)]);
      let rows: unknown;
      expect(await roundTrips(async () => (rows = await endsWithWrite(10)))).toBe(2);
      expect(rows).toEqual([{ n: 5 }]);
      // The first statement may carry both: one round trip for the whole transaction.
      const only = () =>
        db.transaction(async (tx) => {
          commitWithNextStatement(tx);
          await tx.execute(sql`UPDATE ${table} SET n = n + ${1} WHERE id = ${10}`);
        });
      expect(await roundTrips(only)).toBe(1);
      expect(await countOf(10)).toBe(6);
      // The transaction really ended: the next one on the same connections starts afresh.
      await Promise.all(Array.from({ length: 4 }, () => unitOfWork(10)));
      expect(await countOf(10)).toBe(10);
    });

    it('commits nothing when the last statement fails, and the connection goes on whole', async () => {
      await db.execute(sql`INSERT INTO ${table} VALUES (12, 0)`);
      const failing = db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE ${table} SET n = ${7} WHERE id = ${12}`);
        commitWithNextStatement(tx);
        await tx.execute(sql`INSERT INTO ${table} VALUES (${12}, ${1})`);
      });
      await expect(failing).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
      expect(await countOf(12)).toBe(0);
      await Promise.all(Array.from({ length: 4 }, () => endsWithWrite(12)));
      expect(await countOf(12)).toBe(4);
    });

    it('leaves a savepoint to its own end: only the outermost transaction commits with a statement', async () => {
      await db.execute(sql`INSERT INTO ${table} VALUES (13, 0)`);
      const outer = db.transaction(async (tx) => {
        await tx.transaction(async (inner) => {
          commitWithNextStatement(inner);
          await inner.execute(sql`UPDATE ${table} SET n = ${1} WHERE id = ${13}`);
        });
        await tx.execute(sql`INSERT INTO ${table} VALUES (${13}, ${1})`);
      });
      await expect(outer).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
      expect(await countOf(13)).toBe(0);
    });
  });

  describe('and the writes nobody reads, with the next statement (decision 0088)', () => {
    /** A named write that answers no rows, as a star's interaction is: row `id`'s n goes up by `by`. */
    const add = preparedSql(
      'begin_first_add',
      sql`UPDATE ${table} SET n = n + ${sql.placeholder('by')}::int WHERE id = ${sql.placeholder('id')}::int`,
    );
    const addLater = (tx: Tx, id: number, by: number) =>
      writeWithNextStatement(tx, add(tx as unknown as Queryable), { id, by });
    /** A read, a deferred write, then (when `last`) a last write that carries the COMMIT. */
    const deferring = (id: number, by: number, last = true) =>
      db.transaction(async (tx) => {
        await counter(tx).execute({ id });
        await addLater(tx, id, by);
        if (!last) return;
        commitWithNextStatement(tx);
        await tx.execute(sql`UPDATE ${table} SET n = n + ${1} WHERE id = ${id}`);
      });

    it('sends the write with the next statement, or with the COMMIT: no round trip of its own', async () => {
      await db.execute(sql`INSERT INTO ${table} VALUES (20, 0)`);
      // A name's first use on a connection parses it, and is sent at once; every connection has it after.
      await Promise.all(Array.from({ length: 4 }, () => deferring(20, 10)));
      expect(await countOf(20)).toBe(44);
      expect(await roundTrips(() => deferring(20, 10))).toBe(2);
      expect(await countOf(20)).toBe(55);
      // Nothing after it: drizzle's COMMIT carries it.
      expect(await roundTrips(() => deferring(20, 100, false))).toBe(2);
      expect(await countOf(20)).toBe(155);
    });

    it('keeps every deferred write under concurrency: no increment is lost', async () => {
      await db.execute(sql`INSERT INTO ${table} VALUES (21, 0)`);
      await Promise.all(Array.from({ length: 20 }, (_, i) => deferring(21, 1, i % 2 === 0)));
      expect(await countOf(21)).toBe(30);
    });

    it('commits nothing when the deferred write fails, answering its code, and the connection goes on whole', async () => {
      await db.execute(sql`INSERT INTO ${table} VALUES (22, 0), (23, 0)`);
      await Promise.all(Array.from({ length: 4 }, () => deferring(22, 1)));
      const overflow = 2 ** 31 - 1;
      for (const last of [true, false]) {
        const failing = db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE ${table} SET n = ${7} WHERE id = ${23}`);
          await addLater(tx, 22, overflow);
          if (last) await tx.execute(sql`UPDATE ${table} SET n = ${8} WHERE id = ${23}`);
        });
        // integer out of range, raised by the write itself and not by the statement it went with.
        await expect(failing).rejects.toMatchObject({ cause: expect.objectContaining({ code: '22003' }) });
      }
      expect(await countOf(22)).toBe(8);
      expect(await countOf(23)).toBe(0);
      await Promise.all(Array.from({ length: 4 }, () => deferring(22, 1)));
      expect(await countOf(22)).toBe(16);
    });

    it('drops the write when the transaction rolls back before it was sent', async () => {
      await db.execute(sql`INSERT INTO ${table} VALUES (24, 0)`);
      await Promise.all(Array.from({ length: 4 }, () => deferring(24, 0)));
      const refused = db.transaction(async (tx) => {
        await counter(tx).execute({ id: 24 });
        await addLater(tx, 24, 5);
        throw new Error('refused by a rule');
      });
      await expect(refused).rejects.toThrow('refused by a rule');
      expect(await countOf(24)).toBe(4);
    });
  });
});
