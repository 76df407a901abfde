import type { LoadSettings, Measurement, Target } from '../lib/measure';
import type { ServerProbe } from '../lib/server-probe';
import type { WorldSeed } from '../lib/world';

export interface ScenarioResult {
  measurements: Measurement[];
  /** Named quotients of the figures, e.g. a route's requests/s over the floor's. */
  ratios: Record<string, number>;
  /** Figures that are not a route's latency (phases, memory, database waits), written as they are. */
  details?: Record<string, unknown>;
  /** The bars some of its ratios are held to (an issue's targets): the report says whether each is met. */
  bars?: Bar[];
}

/** A ratio's target: `soak_cpu_ms_per_request` at most 2, `soak_max_rps` at least 300. */
export interface Bar {
  ratio: string;
  atMost?: number;
  atLeast?: number;
}

/** Whether a ratio meets its bar; a ratio the run did not measure (absent or -1) does not. */
export function meetsBar(bar: Bar, value: number | undefined): boolean {
  if (value === undefined || value === -1) return false;
  return (
    (bar.atMost === undefined || value <= bar.atMost) && (bar.atLeast === undefined || value >= bar.atLeast)
  );
}

/** What a scenario runs against: the server's address, a signed-in member, the server process, its database. */
export type BenchTarget = Target & { server: ServerProbe; databaseUrl: string | null };

/** One benchmark: a name to run it by, and what it measures against a seeded, running server. */
export interface Scenario {
  name: string;
  summary: string;
  run(target: BenchTarget, settings: LoadSettings): Promise<ScenarioResult>;
  /** A scenario that needs a bigger world than the shared members gets its own, seeded by this first. */
  seed?: WorldSeed;
  /**
   * Measured only on PostgreSQL, in a database of its own created for the run and dropped after it (on the
   * server BENCH_DATABASE_URL names); left out with a printed reason without BENCH_DATABASE_URL.
   */
  freshPostgres?: boolean;
  /** With `freshPostgres`: without BENCH_DATABASE_URL it runs on a PGlite world of its own instead (the soak). */
  embeddedToo?: boolean;
  /** Set in the server's environment on the scenario's own world (it needs `seed` or `freshPostgres`). */
  serverEnv?: Record<string, string>;
}
