import type { Db } from './client';

/**
 * A statement built once per database and then only executed, its values bound to placeholders
 * (`sql.placeholder`). Drizzle otherwise rebuilds a query's SQL text on every call: on the hot reads the
 * CPU profile showed that building (drizzle's `is` checks, `buildQueryFromSourceParams`) at a sixth of the
 * server's time (docs/decisions/0029). On PostgreSQL the statement is also named, so each pool connection
 * parses it once and PostgreSQL can keep its plan; PGlite takes the text as before.
 *
 * Only for the database itself: a transaction runs on one client of its own and builds its queries as usual.
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
