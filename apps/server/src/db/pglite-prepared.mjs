// @ts-check
/**
 * Statements prepared once on the embedded database (decision 0073). PGlite's own `query` parses, describes
 * and plans a statement at every call (an unnamed statement each time), which in WebAssembly is much of the
 * database thread's work a request. Here each statement text is parsed once under a name; later calls only
 * bind and execute it, and PostgreSQL plans it as it plans a named statement on the server (custom plans
 * first, a generic one once that is no dearer). The answers are PGlite's own: its serializers for the
 * parameters, its result parser for the rows.
 */
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Data statements only: a schema change (a migration) keeps PGlite's own path and is never kept. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Statements kept by text, the least recently used closed first; the server sends a few hundred texts. */
const KEPT_MAX = 1000;

/** A kept statement PostgreSQL no longer accepts (its plan's result changed, or it is gone): prepared again. */
const STALE_CODES = new Set(['0A000', '26000']);

/** Names unique in the process, so that two sets of kept statements on one PGlite never meet. */
let nextName = 1;

/** @param {Uint8Array[]} parts */
function joined(parts) {
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/**
 * @param {import('@electric-sql/pglite').PGlite} pglite
 * @param {number} keptMax
 */
export function preparedStatements(pglite, keptMax = KEPT_MAX) {
  /** @type {Map<string, { name: string, paramTypes: number[] }>} */
  const kept = new Map();

  /** One round into PostgreSQL's main loop: the messages and a Sync, so an error ends there too. */
  const run = (/** @type {Uint8Array[]} */ messages) =>
    pglite.execProtocolStream(joined([...messages, serialize.sync()]), { syncToFs: false });

  async function forget(/** @type {string} */ text) {
    const statement = kept.get(text);
    if (!statement) return;
    kept.delete(text);
    // Best effort: in a transaction already failed, PostgreSQL refuses even this until it ends.
    await run([serialize.close({ type: 'S', name: statement.name })]).catch(() => {});
  }

  async function statementOf(/** @type {string} */ text) {
    const known = kept.get(text);
    if (known) {
      kept.delete(text);
      kept.set(text, known);
      return known;
    }
    const name = `orbit_${nextName++}`;
    const described = await run([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })]);
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    kept.set(text, statement);
    if (kept.size > keptMax) await forget(/** @type {string} */ (kept.keys().next().value));
    return statement;
  }

  return {
    /** Whether `text` goes through here; anything else goes to PGlite's `query`. */
    accepts: (/** @type {string} */ text) => PREPARABLE.test(text),

    /**
     * PGlite's `query` for a kept statement, answered the same way. The caller holds PGlite's locks, as
     * `query` takes them itself.
     * @param {string} text
     * @param {unknown[]} params
     * @param {import('@electric-sql/pglite').QueryOptions} options
     */
    async query(text, params, options) {
      const { name, paramTypes } = await statementOf(text);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[/** @type {number} */ (paramTypes[i])];
        return serializer ? serializer(value) : String(value);
      });
      try {
        const messages = await run([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        ]);
        return parse.parseResults(messages, pglite.parsers, options)[0];
      } catch (err) {
        if (STALE_CODES.has(/** @type {{ code?: string }} */ (err).code ?? '')) await forget(text);
        throw err;
      }
    },

    size: () => kept.size,
  };
}
