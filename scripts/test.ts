import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `npm test`'s vitest run, in two vitest processes side by side: the browser journeys (two files at a time)
 * and everything else. One vitest process runs projects whose worker counts differ one after the other, so
 * the journeys, about two thirds of the run, waited for the server tests to end; a journey mostly waits on a
 * browser and a socket, which leaves the cores to the server tests meanwhile (decision 0062).
 * Arguments (file filters, `--reporter`, ...) go to both; a process none of whose files match passes.
 */
const VITEST = ['node_modules/vitest/vitest.mjs', 'run', '--passWithNoTests'];
const RUNS = [
  ['--project', 'e2e'],
  ['--project', '!e2e', `--maxWorkers=${process.env.TEST_SERVER_WORKERS ?? '2'}`],
];

const children: ChildProcess[] = [];

function run(args: string[]): Promise<number> {
  const child = spawn(process.execPath, [...VITEST, ...args, ...process.argv.slice(2)], { stdio: 'inherit' });
  children.push(child);
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

const codes = await Promise.all(RUNS.map(run));
process.exit(codes.find((code) => code !== 0) ?? 0);
