import type { LoadSettings } from './lib/measure';
import { buildReport, formatReport, RESULTS_FILE, writeReport } from './lib/report';
import { type BenchWorld, createWorld } from './lib/world';
import { scenarios } from './scenarios';
import type { Scenario, ScenarioResult } from './scenarios/types';

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

function selectScenarios(names: string[]): Scenario[] {
  if (names.length === 0) return scenarios;
  const unknown = names.filter((name) => !scenarios.some((s) => s.name === name));
  if (unknown.length > 0) {
    const known = scenarios.map((s) => s.name).join(', ');
    throw new Error(`Unknown bench scenario ${unknown.join(', ')}; known: ${known}`);
  }
  return scenarios.filter((s) => names.includes(s.name));
}

/** On the shared world, or on its own world when the scenario seeds one. */
async function runScenario(scenario: Scenario, shared: BenchWorld, settings: LoadSettings) {
  if (!scenario.seed) return scenario.run(shared, settings);
  const own = await createWorld(process.env.BENCH_DATABASE_URL || null, scenario.seed);
  try {
    return await scenario.run(own, settings);
  } finally {
    await own.close();
  }
}

async function main() {
  const selected = selectScenarios(process.argv.slice(2));
  const settings: LoadSettings = {
    connections: positiveNumber('BENCH_CONNECTIONS', 50),
    durationSec: positiveNumber('BENCH_DURATION', 10),
    warmupSec: positiveNumber('BENCH_WARMUP', 2),
  };
  const world = await createWorld(process.env.BENCH_DATABASE_URL || null);
  const results: Record<string, ScenarioResult> = {};
  try {
    for (const scenario of selected) {
      console.log(`[bench] ${scenario.name}: ${scenario.summary}`);
      results[scenario.name] = await runScenario(scenario, world, settings);
    }
  } finally {
    await world.close();
  }
  const report = buildReport({ database: world.databaseKind, members: world.members, settings }, results);
  writeReport(report);
  console.log(`\n${formatReport(report)}\n\nwritten to ${RESULTS_FILE}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
