import fs from 'node:fs';
import { makeTempDir, type ServerOptions, startServer } from '../../e2e/support/server';
import type { Measurement } from '../lib/measure';
import type { Scenario } from './types';

const STARTS = 5;
type Runtime = NonNullable<ServerOptions['runtime']>;
const RUNTIMES: Runtime[] = ['compiled', 'tsx'];
/** A gateway that is never asked at start: a Janus child's own start would hide the server's. */
const ENV = { JANUS_URL: 'ws://127.0.0.1:9' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** One runtime's starts as a row: p50 is the median start, p99 the slowest of the few. */
const row = (runtime: Runtime, times: number[]): Measurement => ({
  label: `start ${runtime}`,
  method: 'GET',
  path: '/api/health',
  requestsPerSec: 0,
  p50Ms: median(times),
  p99Ms: Math.max(...times),
  requests: times.length,
  statuses: { 200: times.length },
  errors: 0,
  timeouts: 0,
});

/** The server's start, compiled (`npm run serve`) against the sources through tsx (`npm run dev`). */
export const startup: Scenario = {
  name: 'startup',
  summary: `spawn to the first 200 of GET /api/health, compiled (node) against tsx, ${STARTS} restarts each`,
  async run() {
    const dataDir = makeTempDir('orbit-bench-start-');
    try {
      // The first start migrates the new database; the measured ones are restarts, as in a rolling restart.
      await (await startServer({ dataDir, env: ENV })).stop();
      const times: Record<Runtime, number[]> = { compiled: [], tsx: [] };
      // In turns, so that the machine's other load falls on both alike.
      for (let i = 0; i < STARTS; i += 1) {
        for (const runtime of RUNTIMES) {
          const server = await startServer({ dataDir, env: ENV, runtime });
          times[runtime].push(server.startMs);
          await server.stop();
        }
      }
      const [compiled, tsx] = RUNTIMES.map((runtime) => median(times[runtime])) as [number, number];
      return {
        measurements: RUNTIMES.map((runtime) => row(runtime, times[runtime])),
        ratios: {
          start_compiled_ms: compiled,
          start_tsx_ms: tsx,
          start_compiled_over_tsx: Number((compiled / tsx).toFixed(3)),
        },
        details: { startsMs: times },
      };
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
