import { Column, getTableColumns, is, SQL, type SQLWrapper, sql, Table } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';

/**
 * Several reads in one statement (decision 0066): each read's rows become one JSON value, a column of a
 * statement that reads them all, and are decoded back into the rows drizzle would have answered. A statement
 * costs a round trip, a socket write and its parse on both sides whatever its size, and a CPU profile of the
 * crowd's mix showed those writes at a fifth of the server's busy time.
 *
 * A read is written as a drizzle select over `fields`; each selected value is given a short alias of its own
 * (two tables' `id` would otherwise collide as JSON keys), and decoding walks `fields` in the same order.
 */

type Fields = Record<string, unknown>;

/** Builds the selects of the reads: the dialect alone, no database (the SQL is the same on both drivers). */
export const reads = new QueryBuilder();

/** A JSON column as the driver answers it: parsed by node-postgres, text from the embedded database's thread. */
export const parsedJson = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;

export interface JsonRead<Row> {
  /** A scalar subquery: the read's rows as a JSON array, `[]` for none. */
  readonly sql: SQL;
  /** The JSON value of that column (parsed or as text, as the driver answers it) as rows. */
  decode(value: unknown): Row[];
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

type Leaf = { alias: string; decoder: Decoder };
type Shape = { [key: string]: Leaf | Shape };

const isLeaf = (node: Leaf | Shape): node is Leaf => typeof (node as Leaf).alias === 'string';

/** What `mapWith` set on an expression (drizzle keeps it on the SQL object without declaring it). */
const decoderOf = (expression: SQL): Decoder => (expression as unknown as { decoder: Decoder }).decoder;

/** Gives every selected value an alias and notes how it is decoded, keeping the selection's nesting. */
function aliasFields(fields: Fields, next: { index: number }): { aliased: Fields; shape: Shape } {
  const aliased: Fields = {};
  const shape: Shape = {};
  for (const [key, value] of Object.entries(fields)) {
    if (is(value, Table)) {
      const nested = aliasFields(getTableColumns(value), next);
      aliased[key] = nested.aliased;
      shape[key] = nested.shape;
    } else if (is(value, Column) || is(value, SQL) || is(value, SQL.Aliased)) {
      const alias = `c${next.index++}`;
      const expression = is(value, SQL.Aliased) ? value.sql : value;
      aliased[key] = sql`${expression}`.as(alias);
      shape[key] = { alias, decoder: is(value, Column) ? value : decoderOf(expression as SQL) };
    } else if (typeof value === 'object' && value !== null) {
      const nested = aliasFields(value as Fields, next);
      aliased[key] = nested.aliased;
      shape[key] = nested.shape;
    } else {
      throw new TypeError(`A read's field "${key}" is not a column, a table or SQL`);
    }
  }
  return { aliased, shape };
}

/** One row back in drizzle's shape: a nested object whose every value is null is null (a left join's miss). */
function decodeRow(
  shape: Shape,
  row: Record<string, unknown>,
  nested = false,
): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  let anyValue = false;
  for (const [key, node] of Object.entries(shape)) {
    if (isLeaf(node)) {
      const raw = row[node.alias] ?? null;
      out[key] = raw === null ? null : node.decoder.mapFromDriverValue(raw);
    } else {
      out[key] = decodeRow(node, row, true);
    }
    if (out[key] !== null) anyValue = true;
  }
  return anyValue || !nested ? out : null;
}

/**
 * A read of `fields`, selected by `build` (which is handed the aliased fields: its types are those of `fields`,
 * so the rows are typed as drizzle would type them).
 */
export function jsonRead<
  F extends Fields,
  Q extends SQLWrapper & { readonly _: { readonly result: unknown[] } },
>(fields: F, build: (fields: F) => Q): JsonRead<Q['_']['result'][number]> {
  const { aliased, shape } = aliasFields(fields, { index: 0 });
  const query = build(aliased as F);
  return {
    sql: sql`(SELECT coalesce(json_agg(q), '[]'::json) FROM ${query} q)`,
    decode: (value) => {
      const rows = parsedJson(value) as Record<string, unknown>[];
      return rows.map((row) => decodeRow(shape, row)) as Q['_']['result'][number][];
    },
  };
}

/** `"a", "b"`: the named columns of a table, unqualified, as a write's column list needs them. */
export function columnList<T extends Table>(
  table: T,
  keys: readonly (keyof T['_']['columns'] & string)[],
): SQL {
  const columns = getTableColumns(table);
  return sql.join(
    keys.map((key) => sql.identifier((columns[key] as Column).name)),
    sql`, `,
  );
}

/**
 * A row of `table` as `to_json(row)` answers it (its columns by their SQL names), decoded into the row drizzle
 * would have answered: a row written by a statement that also answers other values.
 */
export function tableRowFromJson<T extends Table>(table: T): (value: unknown) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (value) => {
    const json = parsedJson(value) as Record<string, unknown>;
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const raw = json[column.name] ?? null;
      row[key] = raw === null ? null : column.mapFromDriverValue(raw);
    }
    return row as T['$inferSelect'];
  };
}
