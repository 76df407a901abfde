import type { Bar, ScenarioResult } from '../scenarios/types';
import type { Measurement } from './measure';

/** Issue 28's bar for every hot read: at least 0.6 of the floor's requests a second, p99 at most 50 ms. */
const READ_BAR = { overFloor: 0.6, p99Ms: 50 } as const;

/**
 * A hot read's figures against the floor, `<name>_over_floor` and `<name>_p99_ms`, with their bars; several
 * reads of one scenario merge with `mergeReads`.
 */
export function hotRead(
  name: string,
  read: Measurement,
  floor: Measurement,
): Pick<ScenarioResult, 'ratios' | 'bars'> {
  const overFloor = `${name}_over_floor`;
  const p99 = `${name}_p99_ms`;
  const bars: Bar[] = [
    { ratio: overFloor, atLeast: READ_BAR.overFloor },
    { ratio: p99, atMost: READ_BAR.p99Ms },
  ];
  return {
    ratios: {
      [overFloor]: Number((read.requestsPerSec / floor.requestsPerSec).toFixed(3)),
      [p99]: read.p99Ms,
    },
    bars,
  };
}

export function mergeReads(
  ...reads: Pick<ScenarioResult, 'ratios' | 'bars'>[]
): Required<Pick<ScenarioResult, 'ratios' | 'bars'>> {
  return {
    ratios: Object.assign({}, ...reads.map((read) => read.ratios)),
    bars: reads.flatMap((read) => read.bars ?? []),
  };
}
