import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm test`'s vitest run, in two vitest processes side by side: the browser journeys (two files at a time)
 * and everything else. One vitest process runs projects whose worker counts differ one after the other, so
 * the journeys, about two thirds of the run, waited for the server tests to end; a journey mostly waits on a
 * browser and a socket, which leaves the cores to the server tests meanwhile (decision 0062).
 * Arguments (file filters, `--reporter`, ...) go to both; a process none of whose files match passes.
 * Each process also writes a JSON report, and the run ends by naming every failed test of both with its error:
 * two processes' output interleaves, and a CI log is often read from its end only.
 */
const VITEST = ['node_modules/vitest/vitest.mjs', 'run', '--passWithNoTests'];
const RUNS = {
  journeys: ['--project', 'e2e'],
  rest: ['--project', '!e2e', `--maxWorkers=${process.env.TEST_SERVER_WORKERS ?? '2'}`],
};
const ARGS = process.argv.slice(2);
const REPORTS = mkdtempSync(join(tmpdir(), 'orbit-test-'));

const children: ChildProcess[] = [];

function reportArgs(name: string): string[] {
  if (ARGS.some((arg) => arg.startsWith('--reporter'))) return [];
  return ['--reporter=default', '--reporter=json', `--outputFile.json=${join(REPORTS, `${name}.json`)}`];
}

function run(name: string, args: string[]): Promise<number> {
  const child = spawn(process.execPath, [...VITEST, ...args, ...reportArgs(name), ...ARGS], {
    stdio: 'inherit',
  });
  children.push(child);
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

interface JsonReport {
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] | null }[];
  }[];
}

function reportOf(name: string): JsonReport | null {
  try {
    return JSON.parse(readFileSync(join(REPORTS, `${name}.json`), 'utf8')) as JsonReport;
  } catch {
    return null;
  }
}

/**
 * A process's failed tests (or files that failed to load), and its tests that passed on a retry (a journey
 * gets one in CI: vitest.config.ts) with the error of the try that failed, a few lines each.
 */
function outcomesOf(name: string): { failed: string[]; flaky: string[] } {
  const root = `${process.cwd()}/`;
  const failed: string[] = [];
  const flaky: string[] = [];
  for (const file of reportOf(name)?.testResults ?? []) {
    const path = file.name.replace(root, '');
    const tests = file.assertionResults;
    if (file.message && !tests.some((test) => test.status === 'failed'))
      failed.push(`${path}\n${firstLines(file.message)}`);
    for (const test of tests) {
      const errors = test.failureMessages ?? [];
      if (errors.length === 0) continue;
      const line = `${path} > ${test.fullName}\n${firstLines(errors.join('\n'))}`;
      (test.status === 'failed' ? failed : flaky).push(line);
    }
  }
  return { failed, flaky };
}

function firstLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s+at .*(node_modules|<anonymous>)/.test(line))
    .slice(0, 8)
    .map((line) => `    ${line}`)
    .join('\n');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

const names = Object.keys(RUNS) as (keyof typeof RUNS)[];
const codes = await Promise.all(names.map((name) => run(name, RUNS[name])));
const outcomes = names.map(outcomesOf);
rmSync(REPORTS, { recursive: true, force: true });
const flaky = outcomes.flatMap((outcome) => outcome.flaky);
if (flaky.length > 0) console.error(`\nPassed on a retry, after:\n${flaky.join('\n')}`);
const failures = names.flatMap((name, i) =>
  codes[i] === 0 ? [] : [`${name}: exit ${codes[i]}`, ...outcomes[i].failed],
);
if (failures.length > 0) console.error(`\nFailed:\n${failures.join('\n')}`);
process.exit(codes.find((code) => code !== 0) ?? 0);
