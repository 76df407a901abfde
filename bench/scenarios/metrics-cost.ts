import { envNumber } from '../lib/env';
import { SOAK_WATCH_SHARE, withSoakSockets } from './soak';
import { phaseLine } from './soak-phase';
import { SOAK_WORLD, type SoakWorld, seedSoakWorld } from './soak-world';
import type { BenchTarget, Scenario, ScenarioResult } from './types';

/** Any bearer of 16 characters or more turns the metrics on (decision 0055); the scrape below sends it. */
const TOKEN = 'bench-metrics-token-of-this-run';

/** The rate both worlds take the mix at: one held on the bench machine, so the CPU compared is the work. */
const settings = () => ({
  rate: envNumber('METRICS_SOAK_RATE', 40),
  seconds: envNumber('METRICS_SOAK_SECONDS', 60),
  warmupSeconds: envNumber('SOAK_WARMUP_SECONDS', 10),
});

/** How many requests the server's own counter saw: proof the metrics were on and counting. */
async function countedRequests(target: BenchTarget): Promise<number> {
  const res = await fetch(`${target.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (res.status !== 200) throw new Error(`GET /api/metrics answered ${res.status}`);
  const text = await res.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('orbit_http_requests_total{'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

function metricsSoak(on: boolean): Scenario {
  const name = on ? 'metrics_on' : 'metrics_off';
  let seeded: SoakWorld | null = null;
  const log = (line: string) => console.log(`[bench] ${name}: ${line}`);
  return {
    name,
    summary: `the soak's mix at one held rate with the Prometheus metrics ${on ? 'on (METRICS_TOKEN)' : 'off'}: beside ${on ? 'metrics_off' : 'metrics_on'}, what measuring costs`,
    freshPostgres: true,
    serverEnv: on ? { METRICS_TOKEN: TOKEN } : { METRICS_TOKEN: '' },
    seed: async (database, members) => {
      seeded = await seedSoakWorld(database, members);
    },
    async run(target): Promise<ScenarioResult> {
      const world = seeded;
      if (!world) throw new Error(`the ${name} world was not seeded`);
      const { rate, seconds, warmupSeconds } = settings();
      const run = await withSoakSockets(target, world, SOAK_WATCH_SHARE, async (phase) => {
        if (warmupSeconds > 0) log(`warm-up ${phaseLine(await phase(rate, warmupSeconds))}`);
        const measured = await phase(rate, seconds);
        log(phaseLine(measured));
        return { measured, counted: on ? await countedRequests(target) : 0 };
      });
      const { measured } = run;
      return {
        measurements: measured.calls.map((m) => ({ ...m, label: `${rate}rps ${m.label}` })),
        ratios: {
          [`${name}_cpu_ms_per_request`]: measured.serverCpuMsPerRequest ?? -1,
          [`${name}_p99_ms`]: measured.worstP99Ms,
          [`${name}_answered_ratio`]: measured.answeredRatio,
          ...(on ? { metrics_on_requests_counted: run.counted } : {}),
        },
        details: { members: SOAK_WORLD.members, rate, seconds, phase: { ...measured, calls: undefined } },
      };
    },
  };
}

export const metricsOff = metricsSoak(false);
export const metricsOn = metricsSoak(true);
