import { and, eq, isNull, sql } from 'drizzle-orm';
import { jsonb, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { placeholdersFor, preparedForAny, preparedSql, writtenPerRowCount } from './prepared';
import { inIdsAt } from './queries';
import { eventStreams } from './schema';

const database = await openTestDatabase();
afterAll(() => database.close());
const { db } = database;

const seqOf = preparedForAny('test_stream_seq', (q) =>
  q
    .select({ seq: eventStreams.seq })
    .from(eventStreams)
    .where(eq(eventStreams.stream, sql.placeholder('stream'))),
);
const setSeq = preparedForAny('test_stream_set', (q) =>
  q
    .insert(eventStreams)
    .values({ stream: sql.placeholder('stream'), seq: sql.placeholder('seq') })
    .onConflictDoUpdate({ target: eventStreams.stream, set: { seq: sql`excluded.seq` } }),
);

describe('preparedForAny', () => {
  it('runs inside a transaction on its connection: it sees the transaction’s own writes', async () => {
    await setSeq(db).execute({ stream: 'prep:a', seq: 1 });
    const seen = await db.transaction(async (tx) => {
      await setSeq(tx).execute({ stream: 'prep:a', seq: 2 });
      return seqOf(tx).execute({ stream: 'prep:a' });
    });
    expect(seen).toEqual([{ seq: 2 }]);
    expect(await seqOf(db).execute({ stream: 'prep:a' })).toEqual([{ seq: 2 }]);
  });

  it('writes nothing of a transaction that rolls back', async () => {
    await setSeq(db).execute({ stream: 'prep:b', seq: 1 });
    await expect(
      db.transaction(async (tx) => {
        await setSeq(tx).execute({ stream: 'prep:b', seq: 5 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await seqOf(db).execute({ stream: 'prep:b' })).toEqual([{ seq: 1 }]);
  });

  it('is made once for the database and once for each transaction', () => {
    expect(seqOf(db)).toBe(seqOf(db));
    return db.transaction(async (tx) => {
      expect(seqOf(tx)).not.toBe(seqOf(db));
      expect(seqOf(tx)).toBe(seqOf(tx));
    });
  });

  it('serves many transactions side by side, each its own rows', async () => {
    const streams = Array.from({ length: 12 }, (_, i) => `prep:many:${i}`);
    const seen = await Promise.all(
      streams.map((stream, i) =>
        db.transaction(async (tx) => {
          await setSeq(tx).execute({ stream, seq: i });
          return seqOf(tx).execute({ stream });
        }),
      ),
    );
    expect(seen).toEqual(streams.map((_, i) => [{ seq: i }]));
  });
});

describe('preparedSql', () => {
  const bump = preparedSql<{ stream: string; seq: string | number }>(
    'test_streams_bump',
    sql`INSERT INTO event_streams (stream, seq)
      SELECT k, n FROM unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('counts')}::bigint[]) AS t(k, n)
      ON CONFLICT (stream) DO UPDATE SET seq = event_streams.seq + excluded.seq
      RETURNING stream, seq`,
  );

  it('binds its values by name each time it runs, in a transaction or not, and answers the rows', async () => {
    const first = await bump(db).execute({ keys: ['prep:sql:a', 'prep:sql:b'], counts: [1, 2] });
    const second = await db.transaction((tx) => bump(tx).execute({ keys: ['prep:sql:a'], counts: [5] }));
    const rows = (found: { rows: { stream: string; seq: string | number }[] }) =>
      found.rows.map((row) => [row.stream, Number(row.seq)]).sort();
    expect(rows(first)).toEqual([
      ['prep:sql:a', 1],
      ['prep:sql:b', 2],
    ]);
    expect(rows(second)).toEqual([['prep:sql:a', 6]]);
    expect(bump(db)).toBe(bump(db));
  });
});

describe('inIdsAt', () => {
  const among = preparedForAny('test_streams_among', (q) =>
    q
      .select({ stream: eventStreams.stream })
      .from(eventStreams)
      .where(inIdsAt(sql`${eventStreams.seq}::int` as never, 'seqs'))
      .orderBy(eventStreams.stream),
  );

  it('binds the list when the statement runs', async () => {
    await setSeq(db).execute({ stream: 'prep:in:1', seq: 9001 });
    await setSeq(db).execute({ stream: 'prep:in:2', seq: 9002 });
    expect(await among(db).execute({ seqs: [9002, 9003] })).toEqual([{ stream: 'prep:in:2' }]);
    expect(await among(db).execute({ seqs: [] })).toEqual([]);
  });
});

describe('placeholdersFor and writtenPerRowCount', () => {
  const rows = pgTable('prepared_test_rows', {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }),
    data: jsonb('data').$type<number[]>(),
  });
  const insertRow = preparedForAny('test_rows_insert', (q) =>
    q
      .insert(rows)
      .values(placeholdersFor(['at', 'data']))
      .returning(),
  );

  beforeAll(() =>
    db.execute(sql`CREATE TABLE prepared_test_rows (id serial PRIMARY KEY, at timestamptz, data jsonb)`),
  );

  it('binds each column by name, encoded for it, and a null as SQL NULL', async () => {
    const at = new Date('2026-12-05T01:02:03.000Z');
    const [full] = await insertRow(db).execute({ at, data: [1, 2] });
    expect(full).toMatchObject({ at, data: [1, 2] });
    const [empty] = await db.transaction((tx) => insertRow(tx).execute({ at: null, data: null }));
    expect(empty).toMatchObject({ at: null, data: null });
    const [stored] = await db
      .select({ nulls: sql<number>`count(*)::int` })
      .from(rows)
      .where(and(isNull(rows.at), isNull(rows.data)));
    expect(stored?.nulls).toBe(1);
  });

  const insertRows = writtenPerRowCount(
    'test_rows_many',
    ['at', 'data'],
    3,
    (q, many: { at: Date | null; data: number[] | null }[]) => q.insert(rows).values(many),
  );
  const written = (tag: number) =>
    db
      .select({ at: rows.at, data: rows.data })
      .from(rows)
      .where(sql`${rows.data}->>0 = ${String(tag)}`)
      .orderBy(rows.id);

  it('writes each count of rows, prepared up to its most and built beyond, in a transaction too', async () => {
    const at = new Date('2026-12-05T02:00:00.000Z');
    const made = (count: number) => Array.from({ length: count }, (_, i) => ({ at, data: [100 + count, i] }));
    for (const count of [1, 2, 3, 4, 7]) {
      await db.transaction((tx) => insertRows(tx, made(count)));
      expect(await written(100 + count)).toEqual(made(count));
    }
    await insertRows(db, [
      { at: null, data: [200, 9] },
      { at, data: [200, 0] },
    ]);
    expect(await written(200)).toEqual([
      { at: null, data: [200, 9] },
      { at, data: [200, 0] },
    ]);
  });
});
