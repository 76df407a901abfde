import pg from 'pg';

/**
 * What of node-postgres 8's internals a transaction's BEGIN and COMMIT sent with its statements rely on
 * (decision 0074); @types/pg does not describe them. A pg upgrade that moves them, or a drizzle upgrade that
 * opens or ends transactions with other texts, fails db/transaction-edges.test.ts.
 */
interface WireConnection {
  parse(message: { text: string; name: string; types: unknown[] }): void;
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  execute(message: { portal: string; rows?: number }): void;
  sync(): void;
  parsedStatements: Record<string, string>;
}
type Done = (err: Error | null, result?: unknown) => void;
interface QueryInternals {
  portal: string;
  prepare(connection: WireConnection): void;
  handleCommandComplete(message: unknown, connection: WireConnection): void;
  _getRows(connection: WireConnection, rows: number | undefined): void;
}
type QueryClass = new (config: object, values: unknown[] | undefined, callback: Done) => QueryInternals;
const Query = (pg as unknown as { Query: QueryClass }).Query;

/** drizzle's node-postgres session opens each transaction with exactly this text, and ends it so. */
const BEGIN = 'begin';
const COMMIT = 'commit';
const ROLLBACK = 'rollback';
/** What a `begin`, `commit` or `rollback` left unsent answers (nothing reads it), in node-postgres's shape. */
const UNSENT = { command: null, rowCount: null, oid: null, rows: [], fields: [] };

/** Parse, Bind and Execute of a statement without parameters, on the unnamed statement and portal. */
function sendPlain(connection: WireConnection, text: string) {
  connection.parse({ text, name: '', types: [] });
  connection.bind({ portal: '', statement: '', values: [] });
  connection.execute({ portal: '' });
}

/**
 * A transaction's statement with its BEGIN before it, its COMMIT after it, or both, all before one Sync, so
 * one round trip. PostgreSQL runs them in order and, after an error, skips everything up to the Sync: the
 * statement never runs outside the transaction, and nothing commits after a failed statement. A COMMIT that
 * fails is this statement's error.
 */
class WithEdges extends Query {
  private completed = 0;

  constructor(
    config: object,
    values: unknown[] | undefined,
    callback: Done,
    private readonly edges: { begin: boolean; commit: boolean },
  ) {
    super(config, values, callback);
  }

  override prepare(connection: WireConnection): void {
    if (this.edges.begin) sendPlain(connection, 'BEGIN');
    super.prepare(connection);
  }

  /** The statement's Execute, then the COMMIT's messages, then the Sync that closes them all. */
  override _getRows(connection: WireConnection, rows: number | undefined): void {
    if (!this.edges.commit) {
      super._getRows(connection, rows);
      return;
    }
    connection.execute({ portal: this.portal, rows });
    sendPlain(connection, 'COMMIT');
    connection.sync();
  }

  /** Only the statement's own command-complete is its result: the BEGIN's comes before it, the COMMIT's after. */
  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    const own = this.edges.begin ? 1 : 0;
    if (this.completed++ === own) super.handleCommandComplete(message, connection);
  }
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
 * The pool's client on PostgreSQL (decision 0074): a transaction's BEGIN goes with its first statement, and
 * its COMMIT with the statement the unit of work names as its last (`commitWithNext`), so a unit of work with
 * events costs two round trips fewer, and the row locks of the event streams its last statement advances are
 * let go in that same round trip. A statement carries an edge only when it goes out with the extended
 * protocol (it has values or a name, as drizzle's do) and its name's Parse is done on this connection; any
 * other goes after a BEGIN of its own, or is followed by drizzle's COMMIT, as before. A transaction that sent
 * nothing ends without a word to the server.
 */
export class TransactionEdges extends pg.Client {
  /** drizzle asked for BEGIN and it was not sent yet. */
  private beginHeld = false;
  /** BEGIN was sent (alone or with a statement) and the transaction has not ended. */
  private open = false;
  private commitNext = false;
  /** The COMMIT went with the last statement: drizzle's own COMMIT has nothing left to do. */
  private committed = false;

  /** The next statement is the transaction's last: its COMMIT goes with it. */
  commitWithNext(): void {
    if (this.beginHeld || this.open) this.commitNext = true;
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's overloads answer a promise or take a callback.
  override query(...args: any[]): any {
    const [config, values, callback] = args as [unknown, unknown, unknown];
    const text = textOf(config);
    const done = doneOf(values, callback);
    if (text === BEGIN && !this.beginHeld && !this.open && !this.committed) {
      this.beginHeld = true;
      return unsent(done);
    }
    if (text === COMMIT || text === ROLLBACK) return this.endTransaction(text, args, done);
    if (this.committed) throw new Error('A statement after its transaction committed');
    if (!this.beginHeld && !this.commitNext) return super.query.apply(this, args as never);
    const edges = { begin: this.beginHeld, commit: this.commitNext };
    this.beginHeld = false;
    this.commitNext = false;
    this.open = true;
    const carrier = this.carrierOf(config, values);
    if (!carrier) {
      if (edges.begin) this.sendBegin();
      return super.query.apply(this, args as never);
    }
    if (edges.commit) {
      this.open = false;
      this.committed = true;
    }
    return this.withEdges(carrier, Array.isArray(values) ? values : undefined, done, edges);
  }

  /** COMMIT or ROLLBACK: unsent when nothing was sent, or when the COMMIT went with the last statement. */
  private endTransaction(text: string, args: unknown[], done: Done | null) {
    const sentNothing = this.beginHeld;
    const committed = this.committed;
    this.beginHeld = false;
    this.open = false;
    this.commitNext = false;
    this.committed = false;
    if (sentNothing || (committed && text === COMMIT)) return unsent(done);
    // After a COMMIT that failed with its statement PostgreSQL has ended the transaction: a ROLLBACK is a no-op.
    return super.query.apply(this, args as never);
  }

  private sendBegin() {
    super.query(BEGIN).catch(() => {
      // The statement queued behind it fails as well and takes the error to its caller.
    });
  }

  /** The statement's config when it can carry an edge: sent with the extended protocol, its Parse done. */
  private carrierOf(config: unknown, values: unknown): QueryConfig | null {
    const query = configOf(config);
    if (!query || query.rows) return null;
    const bound = Array.isArray(values) ? values : query.values;
    const extended = query.queryMode === 'extended' || Boolean(query.name) || (bound?.length ?? 0) > 0;
    if (!extended) return null;
    // A named statement's first Parse would be taken as done by the BEGIN's ParseComplete.
    const connection = (this as unknown as { connection: WireConnection }).connection;
    if (query.name && connection.parsedStatements[query.name] === undefined) return null;
    return query;
  }

  private withEdges(
    config: QueryConfig,
    values: unknown[] | undefined,
    done: Done | null,
    edges: { begin: boolean; commit: boolean },
  ) {
    if (done) {
      super.query(new WithEdges(config, values, done, edges) as unknown as pg.Submittable);
      return undefined;
    }
    return new Promise((resolve, reject) => {
      const settle: Done = (err, result) => (err ? reject(err) : resolve(result));
      super.query(new WithEdges(config, values, settle, edges) as unknown as pg.Submittable);
    });
  }
}

/**
 * Asks the transaction's client to send its COMMIT with the next statement, the unit of work's last
 * (decision 0074). drizzle keeps a transaction's client on its session (`tx._.session.client`, as
 * db/prepared.ts reads the session); any other client (PGlite's) commits as drizzle asks.
 */
export function commitWithNextStatement(tx: object): void {
  const client = (tx as { _?: { session?: { client?: unknown } } })._?.session?.client;
  if (client instanceof TransactionEdges) client.commitWithNext();
}
