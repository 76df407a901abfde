import { envNumber } from './lib/env';
import { createFreshDatabase } from './lib/fresh-database';
import type { LoadSettings } from './lib/measure';
import { buildReport, formatReport, RESULTS_FILE, writeReport } from './lib/report';
import { type BenchWorld, createWorld } from './lib/world';
import { scenarios } from './scenarios';
import type { Scenario, ScenarioResult } from './scenarios/types';

function selectScenarios(names: string[]): Scenario[] {
  if (names.length === 0) return scenarios;
  const unknown = names.filter((name) => !scenarios.some((s) => s.name === name));
  if (unknown.length > 0) {
    const known = scenarios.map((s) => s.name).join(', ');
    throw new Error(`Unknown bench scenario ${unknown.join(', ')}; known: ${known}`);
  }
  return scenarios.filter((s) => names.includes(s.name));
}

/** On the shared world, or on its own world when the scenario seeds one (in a fresh database if it asks). */
async function runScenario(scenario: Scenario, shared: BenchWorld, settings: LoadSettings) {
  if (!scenario.seed && !scenario.freshPostgres) return scenario.run(shared, settings);
  const databaseUrl = process.env.BENCH_DATABASE_URL || null;
  if (!scenario.freshPostgres || (!databaseUrl && scenario.embeddedToo)) {
    return runOnOwnWorld(scenario, databaseUrl, settings);
  }
  if (!databaseUrl) {
    console.warn(`[bench] ${scenario.name}: measured on PostgreSQL only (set BENCH_DATABASE_URL): left out.`);
    return { measurements: [], ratios: {} };
  }
  const fresh = await createFreshDatabase(databaseUrl);
  try {
    return await runOnOwnWorld(scenario, fresh.url, settings);
  } finally {
    await fresh.drop();
  }
}

async function runOnOwnWorld(scenario: Scenario, databaseUrl: string | null, settings: LoadSettings) {
  const own = await createWorld(databaseUrl, scenario.seed, scenario.serverEnv);
  try {
    return await scenario.run(own, settings);
  } finally {
    await own.close();
  }
}

async function main() {
  const selected = selectScenarios(process.argv.slice(2));
  const settings: LoadSettings = {
    connections: envNumber('BENCH_CONNECTIONS', 50),
    durationSec: envNumber('BENCH_DURATION', 10),
    warmupSec: envNumber('BENCH_WARMUP', 2),
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
