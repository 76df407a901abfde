import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';

/**
 * What of node-postgres 8's internals a transaction's `BEGIN` sent with its first statement relies on
 * (decision 0074); @types/pg does not describe them. A pg upgrade that moves them, or a drizzle upgrade that
 * opens transactions with another text, fails db/begin-with-first.test.ts.
 */
interface WireConnection {
  parse(message: { text: string; name: string; types: unknown[] }): void;
  bind(message: {
    portal: string;
    statement: string;
    values: unknown[];
    valueMapper?: (value: unknown) => unknown;
  }): void;
  execute(message: { portal: string; rows: number }): void;
  sync(): void;
  parsedStatements: Record<string, string>;
}
type Done = (err: Error | null, result?: unknown) => void;
interface QueryInternals {
  portal: string;
  prepare(connection: WireConnection): void;
  _getRows(connection: WireConnection, rows: number | undefined): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
}
type QueryClass = new (config: object, values: unknown[] | undefined, callback: Done) => QueryInternals;
const Query = (pg as unknown as { Query: QueryClass }).Query;

/** drizzle's node-postgres session opens each transaction with exactly this text, and ends it so. */
const BEGIN = 'begin';
const ENDS = new Set(['commit', 'rollback']);
/** What a `begin`, `commit` or `rollback` left unsent answers (nothing reads it), in node-postgres's shape. */
const UNSENT = { command: null, rowCount: null, oid: null, rows: [], fields: [] };

/**
 * A write sent with the transaction's next statement (decision 0088): a named statement already parsed on
 * the connection, answering no rows, whose result nobody reads (a star's interaction, a mood's history row).
 */
interface Deferred {
  name: string;
  text: string;
  values: unknown[];
  settle: (err: Error | null) => void;
}

const { prepareValue } = pgUtils;

/**
 * A statement sent with its transaction's `BEGIN` before it (decision 0074), its `COMMIT` after it (decision
 * 0081), the writes deferred to it before it (decision 0088), or all of these: Parse, Bind and Execute of
 * each, the statement's own messages between, and one Sync. PostgreSQL runs them in order and skips the rest
 * up to the Sync after an error, so the statement never runs outside the transaction and a statement that
 * failed (a deferred write's too) commits nothing. Only the statement's own command completion is taken as
 * its result.
 */
class Bracketed extends Query {
  private completed = 0;

  constructor(
    config: object,
    values: unknown[] | undefined,
    callback: Done,
    private readonly begin: boolean,
    private readonly commit: boolean,
    private readonly deferred: readonly Deferred[] = [],
  ) {
    super(config, values, (err, result) => {
      for (const write of deferred) write.settle(err);
      callback(err, result);
    });
  }

  override prepare(connection: WireConnection): void {
    if (this.begin) sendUnnamed(connection, 'BEGIN');
    for (const write of this.deferred) {
      // No Describe: a deferred write answers no rows, so nothing but its completion comes back.
      connection.bind({ portal: '', statement: write.name, values: write.values, valueMapper: prepareValue });
      connection.execute({ portal: '', rows: 0 });
    }
    super.prepare(connection);
  }

  /** Where Query sends the statement's Execute and the Sync: the `COMMIT` goes between them. */
  override _getRows(connection: WireConnection, rows: number | undefined): void {
    if (!this.commit || rows) {
      super._getRows(connection, rows);
      return;
    }
    connection.execute({ portal: this.portal, rows: 0 });
    sendUnnamed(connection, 'COMMIT');
    connection.sync();
  }

  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    const own = (this.begin ? 1 : 0) + this.deferred.length;
    if (this.completed++ === own) super.handleCommandComplete(message, connection);
  }
}

function sendUnnamed(connection: WireConnection, text: string) {
  connection.parse({ text, name: '', types: [] });
  connection.bind({ portal: '', statement: '', values: [] });
  connection.execute({ portal: '', rows: 0 });
}

interface QueryConfig {
  text?: unknown;
  name?: string;
  rows?: number;
  queryMode?: string;
  values?: unknown[];
}

const configOf = (config: unknown): QueryConfig | null =>
  typeof config === 'object' && config !== null && !('submit' in config) ? (config as QueryConfig) : null;
const textOf = (config: unknown) => (typeof config === 'string' ? config : configOf(config)?.text);
const doneOf = (values: unknown, callback: unknown) =>
  (typeof callback === 'function' ? callback : typeof values === 'function' ? values : null) as Done | null;

/** Answers a statement that did not need sending, as node-postgres would have. */
function unsent(done: Done | null) {
  if (!done) return Promise.resolve(UNSENT);
  process.nextTick(() => done(null, UNSENT));
  return undefined;
}

/**
 * A pool client that sends a transaction's `BEGIN` with the transaction's first statement (decision 0074):
 * each unit of work saves a round trip to PostgreSQL and the wait for the event loop that comes with it. Only
 * a statement sent with the extended protocol (it has values or a name, as drizzle's do) carries it, once its
 * name's Parse is done on this connection; any other goes after a `BEGIN` of its own, as before. A
 * transaction that sent nothing ends without a word to the server.
 */
export class BeginWithFirstStatement extends pg.Client {
  private beginHeld = false;
  /** The transaction's next statement is its last: its `COMMIT` goes with it (`commitWithNext`). */
  private commitNext = false;
  /** The transaction's `COMMIT` went with its last statement and succeeded: drizzle's own is not sent. */
  private committed = false;
  /** Writes waiting to go with the transaction's next statement (`defer`). */
  private deferred: Deferred[] = [];

  /** Sends the transaction's `COMMIT` with its next statement, which must be its last (decision 0081). */
  commitWithNext(): void {
    this.commitNext = true;
  }

  /**
   * Holds a write of the open transaction to go with its next statement, or its `COMMIT` (decision 0088): a
   * named statement that answers no rows, `values` as node-postgres would bind them. False when the
   * statement is not parsed on this connection yet (the caller sends it itself, and it is, for next time).
   * Its promise settles when it was sent; a failure fails the statement it went with, or the `COMMIT`.
   */
  defer(name: string, values: unknown[]): Promise<void> | false {
    const text = this.wire().parsedStatements[name];
    if (text === undefined) return false;
    return new Promise((resolve, reject) => {
      this.deferred.push({ name, text, values, settle: (err) => (err ? reject(err) : resolve()) });
    });
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's overloads answer a promise or take a callback.
  override query(...args: any[]): any {
    const [config, values, callback] = args as [unknown, unknown, unknown];
    const text = textOf(config);
    const done = doneOf(values, callback);
    if (typeof text === 'string' && ENDS.has(text)) return this.endTransaction(text, args, done);
    if (!this.beginHeld && !this.commitNext && this.deferred.length === 0) {
      if (text !== BEGIN) return super.query.apply(this, args as never);
      this.beginHeld = true;
      return unsent(done);
    }
    const begin = this.beginHeld;
    const commit = this.commitNext;
    this.beginHeld = this.commitNext = false;
    const carrier = this.carrierOf(config, values, begin);
    if (carrier) {
      const bound = Array.isArray(values) ? values : undefined;
      return this.bracketed(carrier, bound, done, { begin, commit, deferred: this.deferred.splice(0) });
    }
    this.sendHeld(begin);
    return super.query.apply(this, args as never);
  }

  /**
   * The transaction's end. A `COMMIT` takes the writes still deferred, and the `BEGIN` still held with them;
   * a `ROLLBACK` drops them. A transaction that sent nothing ends without a word to the server.
   */
  private endTransaction(text: string, args: unknown[], done: Done | null) {
    const writes = this.deferred.splice(0);
    const begin = this.beginHeld;
    const committed = this.committed;
    this.beginHeld = this.commitNext = this.committed = false;
    if (text === 'commit' && writes.length > 0) {
      return this.bracketed({ text: 'COMMIT', queryMode: 'extended' }, [], done, {
        begin,
        commit: false,
        deferred: writes,
      });
    }
    for (const write of writes) write.settle(new Error('rolled back before it was sent'));
    return begin || committed ? unsent(done) : super.query.apply(this, args as never);
  }

  /** Sends the held `BEGIN` and deferred writes on their own, before a statement that cannot carry them. */
  private sendHeld(begin: boolean) {
    // A failure here fails the statement queued behind it as well, which takes the error to its caller.
    if (begin) super.query(BEGIN).catch(() => {});
    for (const write of this.deferred.splice(0)) {
      super.query({ name: write.name, text: write.text, values: write.values }).then(
        () => write.settle(null),
        (err: Error) => write.settle(err),
      );
    }
  }

  private wire(): WireConnection {
    return (this as unknown as { connection: WireConnection }).connection;
  }

  /**
   * The statement's config when it can carry the `BEGIN` or `COMMIT`: sent with the extended protocol and, to
   * carry a `BEGIN`, its Parse done (the `BEGIN`'s ParseComplete would be taken as the statement's).
   */
  private carrierOf(config: unknown, values: unknown, begin: boolean): QueryConfig | null {
    const query = configOf(config);
    if (!query || query.rows) return null;
    const bound = Array.isArray(values) ? values : query.values;
    const extended = query.queryMode === 'extended' || Boolean(query.name) || (bound?.length ?? 0) > 0;
    if (!extended) return null;
    if (begin && query.name && this.wire().parsedStatements[query.name] === undefined) return null;
    return query;
  }

  private bracketed(
    config: QueryConfig,
    values: unknown[] | undefined,
    done: Done | null,
    brackets: { begin: boolean; commit: boolean; deferred: Deferred[] },
  ) {
    const send = (settle: Done) => {
      const answered: Done = (err, result) => {
        if (!err && brackets.commit) this.committed = true;
        settle(err, result);
      };
      const query = new Bracketed(
        config,
        values,
        answered,
        brackets.begin,
        brackets.commit,
        brackets.deferred,
      );
      super.query(query as unknown as pg.Submittable);
    };
    if (done) {
      send(done);
      return undefined;
    }
    return new Promise((resolve, reject) => send((err, result) => (err ? reject(err) : resolve(result))));
  }
}

/**
 * Sends the `COMMIT` of `tx` with its next statement (decision 0081), on PostgreSQL's pool client; a
 * savepoint's statement (a nested transaction) or PGlite's is sent as it was.
 */
export function commitWithNextStatement(tx: object): void {
  const { nestedIndex, session } = tx as { nestedIndex?: number; session?: { client?: unknown } };
  if (nestedIndex !== 0) return;
  const client = session?.client;
  if (client instanceof BeginWithFirstStatement) client.commitWithNext();
}

/** What of drizzle's prepared query a deferred write needs: its statement's name and its bound parameters. */
interface PreparedWrite {
  execute(values: Record<string, unknown>): Promise<unknown>;
}
type PreparedInternals = { queryConfig?: { name?: string }; params?: unknown[] };

/**
 * Runs a prepared write whose result nobody reads in the transaction `tx`: on PostgreSQL's pool client it goes
 * with the transaction's next statement, or its `COMMIT` (decision 0088), a round trip less; a failure fails
 * that statement, so the transaction commits nothing. A savepoint's, PGlite's, or one not yet parsed on the
 * connection is sent at once, as before.
 */
export async function writeWithNextStatement(
  tx: object,
  prepared: PreparedWrite,
  values: Record<string, unknown>,
): Promise<void> {
  const { nestedIndex, session } = tx as { nestedIndex?: number; session?: { client?: unknown } };
  const client = session?.client;
  const { queryConfig, params } = prepared as unknown as PreparedInternals;
  if (nestedIndex === 0 && client instanceof BeginWithFirstStatement && queryConfig?.name && params) {
    const sent = client.defer(queryConfig.name, fillPlaceholders(params, values));
    if (sent) {
      // Its failure is the failure of the statement it goes with, which answers it to the unit of work.
      sent.catch(() => {});
      return;
    }
  }
  await prepared.execute(values);
}
