import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { PGLITE_WORKER_FILE } from '../paths';

type Operation =
  | {
      op: 'query';
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      textOids: number[];
    }
  | { op: 'exec'; tx?: number; sql: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'heap' }
  | { op: 'close' }
  | { op: 'listen' | 'unlisten'; channel: string };

type Answer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notification: { channel: string; payload: string } };

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** drizzle passes parsers that keep some types as text; only identity parsers are meant (see below). */
  parsers?: Record<number, unknown>;
}

/**
 * How long the request thread waits blocked for a statement inside a transaction. A statement that takes longer
 * (or a thread that died, whose exit a blocked thread cannot hear) is then waited for without blocking.
 */
const BLOCKED_WAIT_MS = 1000;

/** ES2024's Atomics.waitAsync (Node 16 and later), which TypeScript's ES2023 library does not declare. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
      timeoutMs: number,
    ): { async: boolean; value: Promise<string> | string };
  }
).waitAsync;

/** The worker's error as the callers expect one: an Error with PostgreSQL's `code`, `constraint`, `detail`... */
function rebuiltError(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message));
  Object.assign(err, fields);
  return err;
}

/** What drizzle and Orbit call on a PGlite or one of its transactions, answered from the worker. */
export interface PgliteLike {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/**
 * The embedded database on a thread of its own (decision 0065): PGlite's WebAssembly runs in a worker, the
 * request thread sends each statement and gets its rows. Same PGlite, migrations and SQL as in one thread;
 * a transaction holds the worker's PGlite transaction until it ends, so statements outside it wait, as they
 * did. Stands in for the PGlite object where drizzle and db/client.ts use one.
 */
export class PgliteThread implements PgliteLike {
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private nextId = 1;
  private lost: Error | null = null;
  /** Who hears each channel the worker listens to. */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(
    private readonly worker: Worker,
    private readonly blocking: { port: MessagePort; flag: Int32Array },
  ) {
    worker.on('message', (answer: Answer) => this.answered(answer));
    worker.on('error', (err) => this.stopped(err));
    worker.on('exit', (code) =>
      this.stopped(new Error(`The embedded database's thread ended (exit ${code})`)),
    );
  }

  /** Starts the worker and waits for its PGlite to open (a failure to open rejects, as PGlite.create does). */
  static async start(
    dataDir: string | null,
    loadDataDir: Blob | undefined,
    startParams: string[],
  ): Promise<PgliteThread> {
    const bytes = loadDataDir ? new Uint8Array(await loadDataDir.arrayBuffer()) : undefined;
    // In-transaction answers come on a port of their own, with a shared flag the worker raises after each.
    const { port1, port2 } = new MessageChannel();
    const flag = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    const worker = new Worker(PGLITE_WORKER_FILE, {
      workerData: { dataDir, loadDataDir: bytes, startParams, answerPort: port2, answered: flag },
      transferList: [port2],
    });
    await new Promise<void>((ready, failed) => {
      const onError = (err: Error) => failed(err);
      worker.once('error', onError);
      worker.once('message', (message: { ready?: boolean }) => {
        worker.off('error', onError);
        if (message.ready) ready();
        else failed(new Error('The embedded database thread did not start'));
      });
    });
    return new PgliteThread(worker, { port: port1, flag });
  }

  private answered(answer: Answer) {
    if ('notification' in answer) {
      const { channel, payload } = answer.notification;
      for (const listener of this.listeners.get(channel) ?? []) listener(payload);
      return;
    }
    const waiter = this.waiting.get(answer.id);
    if (!waiter) return;
    this.waiting.delete(answer.id);
    if (answer.ok) waiter.resolve(answer.value);
    else waiter.reject(rebuiltError(answer.error));
  }

  private stopped(err: Error) {
    // After close() every call is refused quietly; before it, a thread that ends takes the database with it.
    if (!this.lost) console.error(`[orbit] the embedded database's thread stopped: ${err.message}`);
    this.lost ??= err;
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }

  private call<T>(operation: Operation): Promise<T> {
    if (this.lost) return Promise.reject(this.lost);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, ...operation });
    });
  }

  /**
   * A statement of an open transaction, answered before this returns: the request thread waits for it blocked
   * (decision 0082). The transaction holds PGlite, the one connection, from its begin to its end, and every
   * other statement waits for it; awaited, each of its statements' answers waited in the request thread's
   * queue of work, behind the other requests, while the database stood idle and held.
   */
  private statementInTransaction<T>(operation: Operation): T | Promise<T> {
    if (this.lost) throw this.lost;
    const id = this.nextId++;
    this.worker.postMessage({ id, blocking: true, ...operation });
    return this.flaggedBlocking(id, Date.now() + BLOCKED_WAIT_MS)
      ? this.takeAnswer<T>(id)
      : this.answerLater<T>(id);
  }

  /**
   * Waits blocked until the flag names `id` (the worker writes there the id it answered, as an int32) or
   * `until` passes. A wake can be an earlier answer's notify, sent after its flag was already seen, so the flag
   * is read again each time.
   */
  private flaggedBlocking(id: number, until: number): boolean {
    const { flag } = this.blocking;
    for (let raised = Atomics.load(flag, 0); raised !== (id | 0); raised = Atomics.load(flag, 0)) {
      const left = until - Date.now();
      if (left <= 0) return false;
      Atomics.wait(flag, 0, raised, left);
    }
    return true;
  }

  /** A slow statement, waited for without blocking: a thread that ends meanwhile is heard, and refuses it. */
  private async answerLater<T>(id: number): Promise<T> {
    const { flag } = this.blocking;
    for (let raised = Atomics.load(flag, 0); raised !== (id | 0); raised = Atomics.load(flag, 0)) {
      if (this.lost) throw this.lost;
      const waited = waitAsync(flag, 0, raised, BLOCKED_WAIT_MS);
      if (waited.async) await waited.value;
    }
    return this.takeAnswer<T>(id);
  }

  /** The answer to `id` from the answers' port (an older one left there by a failed statement is dropped). */
  private takeAnswer<T>(id: number): T {
    let answer: Answer | undefined;
    do answer = receiveMessageOnPort(this.blocking.port)?.message as Answer | undefined;
    while (answer && 'id' in answer && answer.id !== id);
    if (!answer || 'notification' in answer)
      throw new Error("The embedded database's thread answered nothing");
    if (!answer.ok) throw rebuiltError(answer.error);
    return answer.value as T;
  }

  private queryOperation(
    tx: number | undefined,
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Operation {
    // drizzle's parsers for PGlite all hand the text back as it came (timestamps, dates, intervals and their
    // arrays): the worker applies the same to the type ids named, since functions cannot cross threads.
    const textOids = Object.keys(options.parsers ?? {}).map(Number);
    return { op: 'query', tx, sql, params, rowMode: options.rowMode, textOids };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call<Results<T>>(this.queryOperation(undefined, sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.call({ op: 'exec', sql });
  }

  /**
   * PGlite's `transaction`: `fn` gets a client whose statements run inside it; it commits unless `fn` throws.
   * The begin is awaited (it waits its turn for PGlite) and so is the end (the worker commits without the
   * request thread); the statements between are answered at once (statementInTransaction).
   */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    const client: PgliteLike = {
      query: async (sql, params, options) =>
        this.statementInTransaction(this.queryOperation(tx, sql, params, options)),
      exec: async (sql) => this.statementInTransaction({ op: 'exec', tx, sql }),
    };
    let result: T;
    try {
      result = await fn(client as Transaction);
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => {});
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  /** PGlite's `listen`: `callback` hears each notification on `channel` until the answered function is called. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, listeners);
    listeners.add(callback);
    await this.call({ op: 'listen', channel });
    return async () => {
      listeners.delete(callback);
      if (listeners.size > 0) return;
      this.listeners.delete(channel);
      await this.call({ op: 'unlisten', channel });
    };
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.call<Uint8Array<ArrayBuffer>>({ op: 'dump' })], {
      type: 'application/x-gzip',
    });
  }

  /** The size of its WebAssembly heap (decision 0089), or null where PGlite does not tell. */
  heapBytes(): Promise<number | null> {
    return this.call({ op: 'heap' });
  }

  async close(): Promise<void> {
    await this.call({ op: 'close' });
    this.lost = new Error('The embedded database is closed');
    await this.worker.terminate();
  }

  /** For drizzle, which takes a PGlite: this answers every call drizzle makes on one. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
