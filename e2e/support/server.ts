import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

const READY_TIMEOUT_MS = 90_000;
/**
 * How long a stopped server has to exit before it is killed; a profiled one (a bench run with `--cpu-prof`)
 * writes its profile only once its drain is over, so it is given longer.
 */
const STOP_GRACE_MS = process.env.SERVER_NODE_ARGS?.includes('--cpu-prof') ? 60_000 : 5_000;
const HEALTH_POLL_MS = 20;
/** The last lines of the server's output, shown when it fails to start. */
const OUTPUT_TAIL_CHARS = 4_000;

export interface ServerOptions {
  /** Extra or overriding environment variables (DATABASE_URL, SEED_DEMO, DEMO_PASSWORD, ...). */
  env?: Record<string, string>;
  /** A data directory prepared by the caller and left in place on stop; by default a fresh one is made and removed. */
  dataDir?: string;
  /** Every chunk of the server's stdout and stderr, for a caller that reads the whole log (the bench). */
  onOutput?: (chunk: string) => void;
  /**
   * `compiled` (the default): `node apps/server/dist/main.js`, as production runs it (`npm run build` makes
   * it); `tsx`: the TypeScript sources through tsx, as `npm run dev` does (the bench compares their starts).
   */
  runtime?: 'compiled' | 'tsx';
  /** The port to listen on (an instance restarted behind a proxy comes back where the proxy expects it); a free one by default. */
  port?: number;
}

export interface OrbitServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** The server process (its memory and CPU time are read by the bench). */
  pid: number;
  /** The process's exit code once it ends (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Milliseconds from the spawn to the first 200 of GET /api/health. */
  startMs: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

const SERVER_SOURCES = ['apps/server/src', 'packages/contract/src'].map((dir) => path.join(REPO_ROOT, dir));
const COMPILED_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/main.js');

/** The newest modification time of the server's and the contract's sources (tests left out). */
function newestSourceMs(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMs(file));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, fs.statSync(file).mtimeMs);
  }
  return newest;
}

/** The compiled server, refused when missing or older than its sources: a test would run yesterday's server. */
function compiledEntry(): string {
  const built = fs.existsSync(COMPILED_ENTRY) ? fs.statSync(COMPILED_ENTRY).mtimeMs : 0;
  if (built === 0 || SERVER_SOURCES.some((dir) => newestSourceMs(dir) > built)) {
    const state = built === 0 ? 'is missing' : "is older than the server's sources";
    throw new Error(`${COMPILED_ENTRY} ${state}: run \`npm run build\` (or \`npm run build:server\`) first.`);
  }
  return COMPILED_ENTRY;
}

function serverArgs(runtime: ServerOptions['runtime']): string[] {
  return runtime === 'tsx' ? ['--import', 'tsx', 'apps/server/src/main.ts'] : [compiledEntry()];
}

/** Starts the server (compiled, by default) in its own process group and waits until it answers. */
export async function startServer(opts: ServerOptions = {}): Promise<OrbitServer> {
  const ownsDataDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? makeTempDir('orbit-e2e-');
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  // SERVER_NODE_ARGS lets a bench run profile the server alone (`--cpu-prof --cpu-prof-dir=...`).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...nodeArgs, ...serverArgs(opts.runtime)];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    // A group of its own, so that stop() also ends anything the server started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '50',
      PUBLIC_URL: '',
      DATABASE_URL: '',
      // As `npm run serve` and the systemd unit start it (decision 0092).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      ...opts.env,
    },
  });
  const output = collectOutput(child, opts.onOutput);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    await stopProcessGroup(child);
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(baseUrl, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  const startMs = Math.round(performance.now() - spawnedAt);
  return { baseUrl, port, dataDir, pid: child.pid ?? 0, exited, startMs, stop };
}

function collectOutput(child: ChildProcess, onOutput?: (chunk: string) => void): { text: () => string } {
  let text = '';
  const keep = (chunk: Buffer) => {
    const piece = chunk.toString();
    onOutput?.(piece);
    text = (text + piece).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { text: () => text };
}

async function waitUntilHealthy(
  baseUrl: string,
  child: ChildProcess,
  output: { text: () => string },
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw new Error(
        `The Orbit server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output.text()}`,
      );
    }
    // It answers once it listens: migrations and seeding are done before listen(). Asked often, so that
    // the bench's start time is close to the real one; a refused connection costs the server nothing.
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => null,
    );
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  throw new Error(
    `The Orbit server did not answer at ${baseUrl} within ${READY_TIMEOUT_MS} ms:\n${output.text()}`,
  );
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (hasExited(child) || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child.pid, 'SIGTERM');
  const inTime = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS)),
  ]);
  if (!inTime) {
    signalGroup(child.pid, 'SIGKILL');
    await exited;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');

/** The server serves apps/web/dist; without a build the journeys would only see a 404, so say what to run. */
export function assertWebAppBuilt(): void {
  if (!fs.existsSync(WEB_INDEX)) {
    throw new Error(`${WEB_INDEX} is missing: run \`npm run build\` first (\`npm test\` does).`);
  }
}
