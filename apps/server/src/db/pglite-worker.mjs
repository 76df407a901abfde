// @ts-check
/**
 * The embedded database's own thread (decision 0065): PGlite runs here, so its WebAssembly Postgres uses a
 * core of its own while the request thread builds queries and answers members. The request thread speaks
 * to it through db/pglite-thread.ts (the protocol's types are there). Plain JavaScript because a worker
 * thread cannot load TypeScript under tsx on Node 20; the build copies it beside the bundle.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { preparedStatements } from './pglite-prepared.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** An error as the request thread rebuilds it: PostgreSQL's fields (code, constraint, detail...) kept. */
function plainError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: err.name, message: err.message };
}

/** drizzle's parsers keep these types as PostgreSQL's text; only their type ids cross the threads. */
const keptAsText = (/** @type {number[]} */ oids) => Object.fromEntries(oids.map((oid) => [oid, (v) => v]));

/** Open transactions: each holds PGlite's transaction until the request thread ends it. */
const transactions = new Map();
let nextTransaction = 1;
const ROLLED_BACK = Symbol('rolled back');

const { dataDir, loadDataDir, startParams, answerPort, answered } = workerData;
const pglite = await PGlite.create(dataDir ?? undefined, {
  extensions: { pg_trgm },
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  startParams,
});

/**
 * Begins a transaction, answered with its id once PGlite runs it (others queue behind it, as in one
 * thread); it commits or rolls back when the request thread ends it.
 */
function begin() {
  const id = nextTransaction++;
  return new Promise((started, refused) => {
    const open = { tx: null, ended: (/** @type {boolean} */ _commit) => {}, outcome: Promise.resolve() };
    open.outcome = pglite.transaction(async (tx) => {
      const commit = await new Promise((ended) => {
        open.tx = tx;
        open.ended = ended;
        transactions.set(id, open);
        started(id);
      });
      if (!commit) throw ROLLED_BACK;
    });
    open.outcome.catch((err) => {
      if (!transactions.has(id)) refused(err);
    });
  });
}

/** Ends a transaction; answers once PGlite has committed (or refused the commit) or rolled back. */
async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  open.ended(commit);
  try {
    await open.outcome;
  } catch (err) {
    if (err !== ROLLED_BACK) throw err;
  } finally {
    transactions.delete(id);
  }
  return null;
}

const target = (/** @type {number | undefined} */ tx) =>
  tx === undefined ? pglite : transactions.get(tx)?.tx;

const prepared = preparedStatements(pglite);

/**
 * A data statement through the kept statements, under the locks PGlite's `query` takes: outside a
 * transaction it waits for any open one and is written to the files after, inside one it runs in it.
 */
function query({ tx, sql, params, rowMode, textOids }) {
  const options = { rowMode, parsers: keptAsText(textOids) };
  if (!prepared.accepts(sql)) return target(tx).query(sql, params, options);
  if (tx !== undefined) {
    if (!transactions.has(tx)) throw new Error(`No open transaction ${tx}`);
    return pglite._runExclusiveQuery(() => prepared.query(sql, params, options));
  }
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      const result = await prepared.query(sql, params, options);
      await pglite.syncToFs();
      return result;
    }),
  );
}

/** The channels listened to, each with how to stop: a notification crosses to the request thread. */
const listening = new Map();

async function listen({ channel }) {
  if (listening.has(channel)) return null;
  const stop = await pglite.listen(channel, (payload) =>
    port.postMessage({ notification: { channel, payload } }),
  );
  listening.set(channel, stop);
  return null;
}

async function unlisten({ channel }) {
  const stop = listening.get(channel);
  listening.delete(channel);
  await stop?.();
  return null;
}

const operations = {
  query,
  listen,
  unlisten,
  exec: ({ tx, sql }) => target(tx).exec(sql),
  begin,
  end: ({ tx, commit }) => end(tx, commit),
  dump: async () => new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer()),
  heap: () => pglite.mod?.wasmMemory.buffer.byteLength ?? null,
  close: () => pglite.close(),
};

/**
 * An answer the request thread waits for blocked (a statement of an open transaction, decision 0082) goes on
 * its own port, then the shared flag is raised to wake it; every other answer is a message it awaits.
 */
function answer(/** @type {boolean} */ blocking, /** @type {{ id: number }} */ message) {
  if (!blocking) {
    port.postMessage(message);
    return;
  }
  answerPort.postMessage(message);
  // The id it answers, not a mere "done": the request thread tells this answer's wake from an earlier one's.
  Atomics.store(answered, 0, message.id);
  Atomics.notify(answered, 0);
}

port.on('message', async ({ id, op, blocking, ...args }) => {
  try {
    answer(blocking, { id, ok: true, value: await operations[op](args) });
  } catch (err) {
    answer(blocking, { id, ok: false, error: plainError(err) });
  }
});
port.postMessage({ ready: true });
