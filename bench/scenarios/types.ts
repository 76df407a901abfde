import type { LoadSettings, Measurement, Target } from '../lib/measure';
import type { WorldSeed } from '../lib/world';

export interface ScenarioResult {
  measurements: Measurement[];
  /** Named quotients of the figures, e.g. a route's requests/s over the floor's. */
  ratios: Record<string, number>;
}

/** One benchmark: a name to run it by, and what it measures against a seeded, running server. */
export interface Scenario {
  name: string;
  summary: string;
  run(target: Target, settings: LoadSettings): Promise<ScenarioResult>;
  /** A scenario that needs a bigger world than the shared members gets its own, seeded by this first. */
  seed?: WorldSeed;
}
