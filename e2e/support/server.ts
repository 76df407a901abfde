import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 5_000;
/** The last lines of the server's output, shown when it fails to start. */
const OUTPUT_TAIL_CHARS = 4_000;

export interface ServerOptions {
  /** Extra or overriding environment variables (DATABASE_URL, SEED_DEMO, DEMO_PASSWORD, ...). */
  env?: Record<string, string>;
  /** A data directory prepared by the caller and left in place on stop; by default a fresh one is made and removed. */
  dataDir?: string;
  /** Every chunk of the server's stdout and stderr, for a caller that reads the whole log (the bench). */
  onOutput?: (chunk: string) => void;
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

/** Starts `node --import tsx apps/server/src/main.ts` in its own process group and waits until it answers. */
export async function startServer(opts: ServerOptions = {}): Promise<OrbitServer> {
  const ownsDataDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? makeTempDir('orbit-e2e-');
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  // SERVER_NODE_ARGS lets a bench run profile the server alone (`--cpu-prof --cpu-prof-dir=...`).
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
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
    await waitUntilAnswering(baseUrl, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, port, dataDir, pid: child.pid ?? 0, exited, stop };
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

async function waitUntilAnswering(
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
    try {
      // Any HTTP answer means it listens: migrations and seeding are done before listen().
      await fetch(`${baseUrl}/api/gv?v=1`, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
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
