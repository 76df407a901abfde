import { type LoggerOptions, stdSerializers } from 'pino';

/** The values a failed query was sent with, as drizzle writes them into its error's message and stack. */
function paramsLines(err: unknown): string[] {
  const lines: string[] = [];
  for (let e = err as { params?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (Array.isArray(e.params)) lines.push(`\nparams: ${e.params}`);
    if (lines.length > 8) break;
  }
  return lines;
}

/**
 * Errors as logged: a failed query keeps its SQL but never the values it was sent with (a password hash,
 * an e-mail address, a token): drizzle puts them in the error's `params`, message and stack.
 */
export function serializeError(err: unknown): unknown {
  const out = stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  const lines = paramsLines(err);
  if (lines.length === 0) return out;
  const scrub = (text: unknown) =>
    typeof text === 'string' ? lines.reduce((t, line) => t.split(line).join(''), text) : text;
  out.message = scrub(out.message);
  out.stack = scrub(out.stack);
  delete out.params;
  return out;
}

/** The options every logger of the server is made with. */
export function loggerOptions(level: string): LoggerOptions {
  return { level, serializers: { err: serializeError } };
}
