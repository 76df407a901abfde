/** A non-negative number from the environment, or the fallback when unset. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

/** A comma-separated list of positive numbers from the environment (`20,100`), or the fallback when unset. */
export function envNumbers(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const list = raw.split(',').map((part) => Number(part.trim()));
  if (list.some((n) => !Number.isFinite(n) || n <= 0)) {
    throw new Error(`${name} must be positive numbers separated by commas, got "${raw}"`);
  }
  return list;
}

/** BENCH_RUNTIME: the server the scenarios load, `compiled` (as production runs it) or `tsx` (its sources). */
export function benchRuntime(): 'compiled' | 'tsx' {
  const raw = process.env.BENCH_RUNTIME || 'compiled';
  if (raw !== 'compiled' && raw !== 'tsx')
    throw new Error(`BENCH_RUNTIME must be compiled or tsx, got "${raw}"`);
  return raw;
}
