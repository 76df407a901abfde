import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { JanusConnection } from './janus-client';
import { JANUS_MODULES, janusConfigFiles } from './janus-config';

/** A Janus started by this server: where to reach it and the secrets only the server knows. */
export interface JanusChild {
  /** Its name in the pool (janus_server_name), which Janus also reports as its own. */
  name: string;
  url: string;
  adminUrl: string;
  adminSecret: string;
  adminKey: string;
  recordingsDir: string;
  /** The ports it listens on (API, admin API): a restart asks for the same ones first. */
  ports: JanusPorts;
  /** Resolves when the process exits without stop() having asked it to (killed, crashed); never otherwise. */
  died: Promise<JanusExit>;
  stop(): Promise<void>;
}

export interface JanusPorts {
  ws: number;
  adminWs: number;
}

export interface JanusExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;
/** A free port found here may be taken by another process before Janus binds it; a new pair is tried. */
const START_ATTEMPTS = 3;

/** The `janus` binary on this PATH, or null. */
export function findJanusBinary(searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'janus');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** Janus's module folder (plugins/, transports/) beside its binary: lib/janus or lib/<triplet>/janus. */
export function findJanusLibDir(binary: string): string | null {
  const lib = path.join(path.dirname(path.dirname(fs.realpathSync(binary))), 'lib');
  const candidates = [path.join(lib, 'janus')];
  if (fs.existsSync(lib)) {
    for (const entry of fs.readdirSync(lib)) candidates.push(path.join(lib, entry, 'janus'));
  }
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'plugins', JANUS_MODULES.plugins[0]))) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Links only the modules Orbit uses into the run folder, so Janus loads them and nothing else. */
function linkModules(runDir: string, libDir: string): void {
  for (const kind of ['plugins', 'transports', 'events', 'loggers'] as const) {
    fs.mkdirSync(path.join(runDir, kind));
  }
  for (const kind of ['plugins', 'transports'] as const) {
    for (const file of JANUS_MODULES[kind]) {
      fs.symlinkSync(path.join(libDir, kind, file), path.join(runDir, kind, file));
    }
  }
}

/** Janus tags its warnings and errors ([WARN], [ERR], [FATAL]); those reach the server's log, its banner stays at debug. */
function forwardOutput(child: ChildProcess, log: Logger, tail: string[]): void {
  const onLine = (line: string) => {
    if (!line.trim()) return;
    tail.push(line);
    if (tail.length > 20) tail.shift();
    if (line.includes('[FATAL]')) log.error(line);
    // A refused room request (wrong secret, missing room) is logged by Janus as [ERR]: a warning for us.
    else if (/\[(ERR|WARN)\]/.test(line)) log.warn(line);
    else log.debug(line);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (buffered + chunk.toString()).split('\n');
      buffered = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const connection = await JanusConnection.open(url, undefined, 1000);
    try {
      await connection.request({ janus: 'info' });
      return true;
    } finally {
      connection.close();
    }
  } catch {
    return false;
  }
}

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    if (await answers(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface StartOptions {
  binary: string;
  dataDir: string;
  log: Logger;
  /** Its name in the pool (janus_server_name). */
  name: string;
  /** Ports to listen on (a restart keeps its gateway's address); taken ones fail and free ones are found. */
  ports?: JanusPorts;
}

/** Resolves when the child exits unless `stopping()` says the exit was asked for. */
function deathOf(child: ChildProcess, stopping: () => boolean): Promise<JanusExit> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping()) resolve({ code, signal });
    });
  });
}

async function startOnce(options: StartOptions, libDir: string): Promise<JanusChild> {
  const { binary, dataDir, log, name, ports } = options;
  const runsDir = path.join(dataDir, 'janus');
  fs.mkdirSync(runsDir, { recursive: true });
  const runDir = fs.mkdtempSync(path.join(runsDir, 'run-'));
  const recordingsDir = path.join(dataDir, 'recordings');
  fs.mkdirSync(recordingsDir, { recursive: true });
  const settings = {
    serverName: name,
    runDir,
    wsPort: ports?.ws ?? (await freePort()),
    adminWsPort: ports?.adminWs ?? (await freePort()),
    adminSecret: randomBytes(24).toString('hex'),
    adminKey: randomBytes(24).toString('hex'),
  };
  linkModules(runDir, libDir);
  for (const [file, text] of Object.entries(janusConfigFiles(settings))) {
    fs.writeFileSync(path.join(runDir, file), text, { mode: 0o600 });
  }
  const child = spawn(binary, ['-C', path.join(runDir, 'janus.jcfg'), '-F', runDir, '-o'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopping = false;
  const died = deathOf(child, () => stopping);
  const tail: string[] = [];
  forwardOutput(child, log, tail);
  const url = `ws://127.0.0.1:${settings.wsPort}`;
  // A server that dies without closing must not leave its Janus behind holding ports.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    stopping = true;
    process.off('exit', killOnExit);
    await stopChild(child);
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  if (!(await waitUntilAnswering(url, child))) {
    await stop();
    throw new Error(`Janus did not start: ${tail.slice(-5).join(' | ') || 'no output'}`);
  }
  return {
    name,
    url,
    adminUrl: `ws://127.0.0.1:${settings.adminWsPort}`,
    adminSecret: settings.adminSecret,
    adminKey: settings.adminKey,
    recordingsDir,
    ports: { ws: settings.wsPort, adminWs: settings.adminWsPort },
    died,
    stop,
  };
}

/** Starts Janus with a generated loopback configuration under DATA_DIR and waits until it answers. */
export async function startJanus(options: StartOptions): Promise<JanusChild> {
  const libDir = findJanusLibDir(options.binary);
  if (!libDir) throw new Error(`No Janus plugins folder found beside ${options.binary}`);
  let lastError: Error | null = null;
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt += 1) {
    try {
      // Asked-for ports are tried once: when they are taken, fresh ones follow.
      return await startOnce(attempt === 0 ? options : { ...options, ports: undefined }, libDir);
    } catch (err) {
      lastError = err as Error;
    }
  }
  throw lastError ?? new Error('Janus did not start');
}
