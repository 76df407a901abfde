import { is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { writeWithNextStatement } from './begin-with-first';
import type { Db, Queryable } from './client';

/**
 * A statement built once per database and then only executed, its values bound to placeholders
 * (`sql.placeholder`). Drizzle otherwise rebuilds a query's SQL text on every call: on the hot reads the
 * CPU profile showed that building (drizzle's `is` checks, `buildQueryFromSourceParams`) at a sixth of the
 * server's time (docs/decisions/0029). On PostgreSQL the statement is also named, so each pool connection
 * parses it once and PostgreSQL can keep its plan; PGlite takes the text as before.
 *
 * Only for the database itself; `preparedForAny` serves a statement that also runs inside transactions.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/** What drizzle's prepared queries keep of their statement, alike for node-postgres and PGlite (drizzle 0.45). */
interface PreparedParts {
  queryString: string;
  params: unknown[];
  fields: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper: unknown;
  joinsNotNullableMap?: unknown;
}
type AnySession = PgSession & {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string,
    arrayMode: boolean,
    mapper: unknown,
  ): PreparedParts;
};
const sessionOf = (db: Queryable) => (db as unknown as { _: { session: AnySession } })._.session;
const dialectOf = (db: Queryable) => (db as unknown as { dialect: PgDialect }).dialect;

/**
 * drizzle encodes a bound placeholder's value for its column even when it is null, where a timestamp's encoder
 * throws and a JSON column's stores JSON's `null`; a value it binds itself is left null. So here (undefined too).
 */
function nullKeptNull(param: unknown): unknown {
  if (!is(param, Param) || !is(param.value, Placeholder)) return param;
  const { encoder } = param;
  return new Param(param.value, {
    mapToDriverValue: (value: unknown) => (value == null ? null : encoder.mapToDriverValue(value)),
  });
}

/**
 * A named statement built once and executed on the database or inside a transaction alike (decision 0071):
 * the writes of a unit of work run on its transaction's connection, where a statement prepared on the
 * database would run on another. The SQL text and the result's mapping are drizzle's, made once by
 * `build(...).prepare(name)`; each session (the database's, or one transaction's) gets its own prepared
 * query over them, so on PostgreSQL every pool connection parses the statement once, in or out of a
 * transaction.
 */
export function preparedForAny<Q>(
  name: string,
  build: (db: Queryable) => { prepare(name: string): Q },
): (db: Queryable) => Q {
  let parts: PreparedParts | undefined;
  const bySession = new WeakMap<object, Q>();
  return (db) => {
    const session = sessionOf(db);
    let prepared = bySession.get(session);
    if (prepared !== undefined) return prepared;
    if (parts === undefined) {
      prepared = build(db).prepare(name);
      parts = prepared as unknown as PreparedParts;
      parts.params.forEach((param, i) => {
        (parts as PreparedParts).params[i] = nullKeptNull(param);
      });
    } else {
      const made = session.prepareQuery(
        { sql: parts.queryString, params: parts.params },
        parts.fields,
        name,
        parts._isResponseInArrayMode,
        parts.customResultMapper,
      );
      made.joinsNotNullableMap = parts.joinsNotNullableMap;
      prepared = made as unknown as Q;
    }
    bySession.set(session, prepared);
    return prepared;
  };
}

/**
 * `preparedForAny` for a statement written as SQL (`sql` with `sql.placeholder`s): its text is made once and
 * it answers the driver's result (`rows` as they come), a statement drizzle's builders cannot write.
 */
export function preparedSql<Row>(
  name: string,
  query: SQL,
): (db: Queryable) => { execute(values: Record<string, unknown>): Promise<{ rows: Row[] }> } {
  return preparedForAny(name, (db) => ({
    prepare: (named) => {
      const { sql: text, params } = dialectOf(db).sqlToQuery(query);
      return sessionOf(db).prepareQuery(
        { sql: text, params },
        undefined,
        named,
        false,
        undefined,
      ) as unknown as {
        execute(values: Record<string, unknown>): Promise<{ rows: Row[] }>;
      };
    },
  }));
}

/** A placeholder for each of `keys`, named after it: a prepared insert's row, its values bound by name. */
export function placeholdersFor<K extends string>(keys: readonly K[]): { [P in K]: Placeholder<P> } {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as { [P in K]: Placeholder<P> };
}

/** What a multi-row write's builder gives: a statement to prepare, or, with its rows' values, to run as it is. */
interface RowsStatement<T> {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<T> };
  execute(): Promise<T>;
}

/**
 * A write of several rows (`build`'s rows are their values, or placeholders for them), prepared once per row
 * count up to `most`: a unit of work writes one to a few (a message's two stars, a comment's notifications),
 * each a statement of its own to drizzle. More rows than `most` are built and run as they come.
 */
function perRowCount<R extends object, T>(
  name: string,
  keys: readonly (keyof R & string)[],
  most: number,
  build: (db: Queryable, rows: R[]) => RowsStatement<T>,
) {
  const nameOf = (key: string, row: number) => `${key}_${row}`;
  // The prepared statements' rows are placeholders where `build` is told of values: it only places them.
  const placeholderRows = (count: number) =>
    Array.from({ length: count }, (_, row) =>
      Object.fromEntries(keys.map((key) => [key, sql.placeholder(nameOf(key, row))])),
    ) as unknown as R[];
  const statements = Array.from({ length: most }, (_, i) =>
    preparedForAny(`${name}_${i + 1}`, (db) => build(db, placeholderRows(i + 1))),
  );
  return (db: Queryable, rows: R[]) => {
    const statement = statements[rows.length - 1];
    if (statement === undefined) return { built: build(db, rows) };
    const values = Object.fromEntries(
      rows.flatMap((row, i) => keys.map((key) => [nameOf(key, i), row[key]])),
    );
    return { prepared: statement(db), values };
  };
}

/**
 * `perRowCount`'s statement for a write that answers nothing anyone reads: in a transaction on PostgreSQL it
 * goes with the transaction's next statement (decision 0088).
 */
export function writtenPerRowCount<R extends object>(
  name: string,
  keys: readonly (keyof R & string)[],
  most: number,
  build: (db: Queryable, rows: R[]) => RowsStatement<unknown>,
): (db: Queryable, rows: R[]) => Promise<void> {
  const statementOf = perRowCount(name, keys, most, build);
  return async (db, rows) => {
    const { prepared, values, built } = statementOf(db, rows);
    if (prepared) await writeWithNextStatement(db, prepared, values);
    else await built.execute();
  };
}
