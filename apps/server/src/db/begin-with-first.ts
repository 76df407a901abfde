import pg from 'pg';

/**
 * What of node-postgres 8's internals a transaction's `BEGIN` sent with its first statement relies on
 * (decision 0074); @types/pg does not describe them. A pg upgrade that moves them, or a drizzle upgrade that
 * opens transactions with another text, fails db/begin-with-first.test.ts.
 */
interface WireConnection {
  parse(message: { text: string; name: string; types: unknown[] }): void;
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  execute(message: { portal: string; rows: number }): void;
  parsedStatements: Record<string, string>;
}
type Done = (err: Error | null, result?: unknown) => void;
interface QueryInternals {
  prepare(connection: WireConnection): void;
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
 * A statement that opens the transaction first, in the same round trip: Parse, Bind and Execute of `BEGIN`,
 * then the statement's own messages and one Sync. PostgreSQL runs them in order and skips the rest up to the
 * Sync after an error, so the statement never runs outside the transaction.
 */
class BeginThen extends Query {
  private begun = false;

  override prepare(connection: WireConnection): void {
    connection.parse({ text: 'BEGIN', name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '', rows: 0 });
    super.prepare(connection);
  }

  /** The first command completed is the `BEGIN`: the statement's own result comes after it. */
  override handleCommandComplete(message: unknown, connection: WireConnection): void {
    if (this.begun) super.handleCommandComplete(message, connection);
    this.begun = true;
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
 * A pool client that sends a transaction's `BEGIN` with the transaction's first statement (decision 0074):
 * each unit of work saves a round trip to PostgreSQL and the wait for the event loop that comes with it. Only
 * a statement sent with the extended protocol (it has values or a name, as drizzle's do) carries it, once its
 * name's Parse is done on this connection; any other goes after a `BEGIN` of its own, as before. A
 * transaction that sent nothing ends without a word to the server.
 */
export class BeginWithFirstStatement extends pg.Client {
  private beginHeld = false;

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's overloads answer a promise or take a callback.
  override query(...args: any[]): any {
    const [config, values, callback] = args as [unknown, unknown, unknown];
    const text = textOf(config);
    if (!this.beginHeld) {
      if (text !== BEGIN) return super.query.apply(this, args as never);
      this.beginHeld = true;
      return unsent(doneOf(values, callback));
    }
    this.beginHeld = false;
    if (typeof text === 'string' && ENDS.has(text)) return unsent(doneOf(values, callback));
    const carrier = this.carrierOf(config, values);
    if (carrier)
      return this.withBegin(carrier, Array.isArray(values) ? values : undefined, doneOf(values, callback));
    super.query(BEGIN).catch(() => {
      // The statement queued behind it fails as well and takes the error to its caller.
    });
    return super.query.apply(this, args as never);
  }

  /** The statement's config when it can carry the `BEGIN`: sent with the extended protocol, its Parse done. */
  private carrierOf(config: unknown, values: unknown): QueryConfig | null {
    const query = configOf(config);
    if (!query || query.rows) return null;
    const bound = Array.isArray(values) ? values : query.values;
    const extended = query.queryMode === 'extended' || Boolean(query.name) || (bound?.length ?? 0) > 0;
    if (!extended) return null;
    // A named statement's first Parse would be taken as done by the `BEGIN`'s ParseComplete.
    const connection = (this as unknown as { connection: WireConnection }).connection;
    if (query.name && connection.parsedStatements[query.name] === undefined) return null;
    return query;
  }

  private withBegin(config: QueryConfig, values: unknown[] | undefined, done: Done | null) {
    if (done) {
      super.query(new BeginThen(config, values, done) as unknown as pg.Submittable);
      return undefined;
    }
    return new Promise((resolve, reject) => {
      const settle: Done = (err, result) => (err ? reject(err) : resolve(result));
      super.query(new BeginThen(config, values, settle) as unknown as pg.Submittable);
    });
  }
}
