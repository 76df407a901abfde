import { type DestinationStream, type LoggerOptions, stdSerializers } from 'pino';
import { prettyFactory } from 'pino-pretty';

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

/**
 * Where the process's log lines go: JSON lines on stdout (undefined: pino's own) for a collector, or, when
 * stdout is a terminal, readable lines for the person watching it. Formatted as each line is written, so
 * none is lost when the process exits right after logging.
 */
export function logDestination(
  stdout: Pick<NodeJS.WriteStream, 'isTTY' | 'write'>,
): DestinationStream | undefined {
  if (!stdout.isTTY) return undefined;
  const readable = prettyFactory({
    ignore: 'pid,hostname',
    translateTime: 'SYS:HH:MM:ss.l',
    singleLine: true,
  });
  return { write: (line) => void stdout.write(readable(line)) };
}
