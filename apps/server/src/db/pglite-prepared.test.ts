import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../platform/errors';
import { preparedStatements } from './pglite-prepared.mjs';

let pglite: PGlite;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`CREATE TABLE stars (id integer PRIMARY KEY, name text NOT NULL UNIQUE,
    at timestamptz NOT NULL DEFAULT now(), data jsonb, tags text[])`);
}, 180_000);

beforeEach(async () => {
  await pglite.exec('TRUNCATE stars');
});

afterAll(async () => {
  await pglite?.close();
});

const SELECT_SOME = 'SELECT id, name, at, data, tags FROM stars WHERE id = ANY($1::int[]) ORDER BY id';
const INSERT = 'INSERT INTO stars (id, name, data, tags) VALUES ($1, $2, $3, $4)';
/** drizzle's parsers keep timestamps as PostgreSQL's text; the worker hands the same over (decision 0065). */
const AS_TEXT = { rowMode: 'array' as const, parsers: { 1184: (value: string) => value } };

describe('statements prepared once on the embedded database (decision 0073)', { timeout: 60_000 }, () => {
  it('answers every statement exactly as PGlite’s own query does, parameters and rows alike', async () => {
    const prepared = preparedStatements(pglite);
    await prepared.query(INSERT, [1, 'Vega', { glow: [1, 2] }, ['blue', 'bright']], AS_TEXT);
    await prepared.query(INSERT, [2, 'Rigel', null, null], AS_TEXT);
    const ours = await prepared.query(SELECT_SOME, [[1, 2, 3]], AS_TEXT);
    const theirs = await pglite.query(SELECT_SOME, [[1, 2, 3]], AS_TEXT);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.rows[0]).toEqual([1, 'Vega', expect.any(String), { glow: [1, 2] }, ['blue', 'bright']]);
    const updated = await prepared.query('UPDATE stars SET name = name || $1 WHERE id > $2', ['!', 0], {});
    expect(updated.affectedRows).toBe(2);
  });

  it('parses a statement once and binds it again at each call, closing the least recently used past its bound', async () => {
    await pglite.exec('DEALLOCATE ALL');
    const prepared = preparedStatements(pglite, 2);
    const names = async () =>
      (
        await pglite.query<{ statement: string }>(
          'SELECT statement FROM pg_prepared_statements ORDER BY name',
        )
      ).rows.map((row) => row.statement);
    for (let i = 0; i < 3; i++) await prepared.query('SELECT $1::int AS n', [i], {});
    expect(await names()).toEqual(['SELECT $1::int AS n']);
    await prepared.query('SELECT $1::text AS t', ['a'], {});
    await prepared.query('SELECT $1::int AS n', [7], {});
    await prepared.query('SELECT $1::bool AS b', [true], {});
    // The text statement was the least recently used of three: closed, in PostgreSQL too.
    expect(prepared.size()).toBe(2);
    expect(await names()).toEqual(['SELECT $1::int AS n', 'SELECT $1::bool AS b']);
    // Statements that change the schema keep PGlite's own path.
    expect(prepared.accepts('CREATE TABLE t (id int)')).toBe(false);
    expect(prepared.accepts('  with x AS (SELECT 1) SELECT * FROM x')).toBe(true);
  });

  it('keeps PostgreSQL’s error codes, and serves the statement again after one', async () => {
    const prepared = preparedStatements(pglite);
    await prepared.query(INSERT, [1, 'Vega', null, null], {});
    const err = await prepared.query(INSERT, [2, 'Vega', null, null], {}).catch((caught: unknown) => caught);
    expect(isUniqueViolation(err)).toBe(true);
    await prepared.query(INSERT, [2, 'Deneb', null, null], {});
    expect((await pglite.query('SELECT id FROM stars ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('prepares a statement again once PostgreSQL refuses its kept plan (the table changed under it)', async () => {
    const prepared = preparedStatements(pglite);
    await pglite.exec('CREATE TABLE comets (id integer)');
    await prepared.query('SELECT * FROM comets WHERE id > $1', [0], {});
    await pglite.exec('ALTER TABLE comets ADD COLUMN name text; INSERT INTO comets VALUES (1, $$Halley$$)');
    const refused = await prepared
      .query('SELECT * FROM comets WHERE id > $1', [0], {})
      .catch((e: unknown) => e);
    expect((refused as { code?: string }).code).toBe('0A000');
    const again = await prepared.query('SELECT * FROM comets WHERE id > $1', [0], {});
    expect(again.rows).toEqual([{ id: 1, name: 'Halley' }]);
  });
});
