import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, fetch } from 'undici';
import { REPO_ROOT } from './server';

/**
 * The reference deployment's nginx (docs/operations/nginx/orbit.conf) run as a child of the test: the very
 * file, with only its addresses, ports, certificate, user and file paths replaced.
 */

export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const NGINX_CONF = path.join(REPO_ROOT, 'docs/operations/nginx/orbit.conf');
const READY_TIMEOUT_MS = 30_000;

/** Why nginx or openssl cannot run here, or null. */
export function nginxMissingReason(): string | null {
  for (const [tool, args] of [
    [NGINX_PATH, ['-v']],
    ['openssl', ['version']],
  ] as const) {
    try {
      execFileSync(tool, args, { stdio: 'ignore' });
    } catch {
      return `no ${tool} here (install Debian's nginx and openssl, as .ci/run does, or set NGINX_PATH)`;
    }
  }
  return null;
}

/** A self-signed certificate for 127.0.0.1, which a client trusts by passing it as its CA. */
export function selfSignedCertificate(dir: string): { cert: string; key: string; pem: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return { cert, key, pem: fs.readFileSync(cert, 'utf8') };
}

export interface NginxSetup {
  /** nginx's own folder: its rendered configuration, pid, logs and temporary files. */
  dir: string;
  httpsPort: number;
  httpPort: number;
  /** The instances' ports, on 127.0.0.1. */
  upstreams: number[];
  cert: string;
  key: string;
}

/** Replaces `from` by `to`, and fails when the file no longer says `from` (the test would test another file). */
function replaceExactly(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`${NGINX_CONF} no longer contains ${JSON.stringify(from)}`);
  return text.split(from).join(to);
}

/** The reference configuration with this machine's ports, paths and certificate. */
export function renderNginxConfig(setup: NginxSetup): string {
  const { dir } = setup;
  const servers = setup.upstreams
    .map((port) => `        server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const replacements: [string, string][] = [
    [
      '        server 10.0.0.11:8081 max_fails=1 fail_timeout=5s;\n        server 10.0.0.12:8081 max_fails=1 fail_timeout=5s;',
      servers,
    ],
    ['user www-data;', `user ${os.userInfo().username};`],
    ['listen 443 ssl;', `listen 127.0.0.1:${setup.httpsPort} ssl;`],
    ['listen 80;', `listen 127.0.0.1:${setup.httpPort};`],
    ['/etc/ssl/orbit/fullchain.pem', setup.cert],
    ['/etc/ssl/orbit/privkey.pem', setup.key],
    ['/run/nginx.pid', path.join(dir, 'nginx.pid')],
    ['/var/log/nginx', dir],
    ['/var/lib/nginx', dir],
  ];
  return replacements.reduce(
    (text, [from, to]) => replaceExactly(text, from, to),
    fs.readFileSync(NGINX_CONF, 'utf8'),
  );
}

export interface RunningNginx {
  origin: string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground on the rendered configuration and waits until it answers over TLS. */
export async function startNginx(setup: NginxSetup, ca: string): Promise<RunningNginx> {
  const conf = path.join(setup.dir, 'nginx.conf');
  fs.writeFileSync(conf, renderNginxConfig(setup));
  const child = spawn(NGINX_PATH, ['-p', setup.dir, '-e', 'stderr', '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `https://127.0.0.1:${setup.httpsPort}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForTls(origin, ca, child, () => stderr);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
}

async function waitForTls(origin: string, ca: string, child: ChildProcess, stderr: () => string) {
  const dispatcher = new Agent({ connect: { ca } });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${stderr()}`);
      try {
        await fetch(`${origin}/api/health`, { dispatcher, signal: AbortSignal.timeout(2_000) });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`nginx did not answer at ${origin}:\n${stderr()}`);
  } finally {
    await dispatcher.close();
  }
}
