/** How many times a unit of work runs before a deadlock or serialization failure becomes an error. */
export const TX_ATTEMPTS = 5;
const BASE_DELAY_MS = 10;

/** PostgreSQL's SQLSTATE for the races a fresh attempt wins: serialization_failure, deadlock_detected. */
const RETRYABLE = new Set(['40001', '40P01']);

function sqlState(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** The SQLSTATE when `err` (or the driver error it wraps) is a race worth running again; else null. */
export function retryable(err: unknown): string | null {
  for (let current = err, depth = 0; current && depth < 3; depth += 1) {
    const code = sqlState(current);
    if (code && RETRYABLE.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Exponential backoff with full jitter, so that the two sides of a deadlock do not meet again. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return Math.round(random() * BASE_DELAY_MS * 2 ** attempt);
}
