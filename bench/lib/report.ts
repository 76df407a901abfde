import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { meetsBar, type ScenarioResult } from '../scenarios/types';
import { type LoadSettings, measurementWarnings } from './measure';
import type { DatabaseKind } from './world';

export const RESULTS_FILE = path.resolve(import.meta.dirname, '../results/latest.json');

export interface BenchReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; platform: string; release: string };
  node: string;
  database: DatabaseKind;
  members: number;
  settings: LoadSettings;
  scenarios: Record<string, ScenarioResult & { warnings: string[] }>;
}

export function buildReport(
  run: { database: DatabaseKind; members: number; settings: LoadSettings },
  results: Record<string, ScenarioResult>,
): BenchReport {
  const scenarios: BenchReport['scenarios'] = {};
  for (const [name, result] of Object.entries(results)) {
    scenarios[name] = { ...result, warnings: result.measurements.flatMap(measurementWarnings) };
  }
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      platform: os.platform(),
      release: os.release(),
    },
    node: process.version,
    ...run,
    scenarios,
  };
}

/**
 * Writes the run into the results file. A run of some scenarios keeps the other scenarios' last figures,
 * each with the date and settings it was measured under, so the file always holds one line per scenario.
 */
export function writeReport(report: BenchReport): void {
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  const earlier = readEarlierScenarios();
  const measured = Object.fromEntries(
    Object.entries(report.scenarios).map(([name, result]) => [
      name,
      { ...result, measuredAt: report.date, database: report.database, settings: report.settings },
    ]),
  );
  const merged = { ...report, scenarios: { ...earlier, ...measured } };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(merged, null, 2)}\n`);
}

function readEarlierScenarios(): Record<string, unknown> {
  try {
    const earlier = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as {
      scenarios?: Record<string, unknown>;
    };
    return earlier.scenarios ?? {};
  } catch {
    return {};
  }
}

export function formatReport(report: BenchReport): string {
  const { machine, settings } = report;
  const lines = [
    `${report.date}  node ${report.node}  ${machine.cpus} CPU (${machine.cpuModel})  ${report.database}, ${report.members} members`,
    `${settings.connections} connections, ${settings.durationSec} s each after ${settings.warmupSec} s warm-up`,
    '',
  ];
  const header = ['scenario', 'route', 'req/s', 'p50 ms', 'p99 ms', 'statuses'];
  const rows: string[][] = [];
  for (const [name, result] of Object.entries(report.scenarios)) {
    for (const m of result.measurements) {
      const statuses = Object.entries(m.statuses)
        .map(([code, count]) => `${code}:${count}`)
        .join(' ');
      rows.push([
        name,
        `${m.label} ${m.method} ${m.path}`,
        String(m.requestsPerSec),
        String(m.p50Ms),
        String(m.p99Ms),
        statuses,
      ]);
    }
  }
  lines.push(...table([header, ...rows]), '');
  for (const [name, result] of Object.entries(report.scenarios)) {
    for (const [ratio, value] of Object.entries(result.ratios)) lines.push(`${name}: ${ratio} = ${value}`);
    for (const bar of result.bars ?? []) {
      const value = result.ratios[bar.ratio];
      const target = [
        bar.atLeast === undefined ? '' : `>= ${bar.atLeast}`,
        bar.atMost === undefined ? '' : `<= ${bar.atMost}`,
      ]
        .filter(Boolean)
        .join(' and ');
      lines.push(
        `${name}: bar ${bar.ratio} ${target}: ${value ?? 'not measured'}, ${meetsBar(bar, value) ? 'met' : 'NOT MET'}`,
      );
    }
    for (const warning of result.warnings) lines.push(`${name}: WARNING ${warning}`);
  }
  return lines.join('\n');
}

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => cell.padEnd(widths[col]))
      .join('  ')
      .trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
}
