import { isIP } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './paths';

/** Every environment variable the server reads, parsed and typed in one place (README's configuration table). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** DATABASE_POOL_MAX: PostgreSQL connections this instance may hold at once. */
  databasePoolMax: number;
  /** PGLITE_THREAD: the embedded database runs on a thread of its own (decision 0065); off runs it on the request thread. */
  pgliteThread: boolean;
  /**
   * PGLITE_UPKEEP_SECONDS: how often the server vacuums and analyses the embedded database's tables past
   * autovacuum's thresholds (decision 0083); 0 never does. PostgreSQL has its own autovacuum.
   */
  pgliteUpkeepSeconds: number;
  /** PGLITE_SHARED_BUFFERS_MB: the embedded database's buffer cache (decision 0089). */
  pgliteSharedBuffersMb: number;
  redisUrl: string | null;
  /** External Janus gateways (JANUS_URLS, or JANUS_URL alone); empty means Janus children started here. */
  janusGateways: JanusGatewayConfig[];
  /** How many loopback Janus children to start when there is no external gateway (JANUS_CHILDREN). */
  janusChildren: number;
  /** Admin API secret of the external gateways; a child Janus gets a fresh one per start. */
  janusAdminSecret: string | null;
  /** The video room and audio bridge plugins' admin_key of the external gateways: only it may create rooms. */
  janusAdminKey: string | null;
  /** What the browser connects to when it differs from the one child's own URL (a proxy in front of it). */
  janusPublicUrl: string | null;
  /** The tools that turn a live session's recording into an mp4 (Debian janus-tools and ffmpeg). */
  recordingTools: { janusPpRec: string; ffmpeg: string };
  /** STUN/TURN servers handed to browsers for calls and live sessions. */
  iceServers: IceServer[];
  publicUrl: string | null;
  seedDemo: boolean;
  demoPassword: string | null;
  rateLimitFactor: number;
  logLevel: string;
  webDist: string | null;
  /** Serve the web app's source maps (SOURCE_MAPS=true, for a build made with them): off in production. */
  sourceMaps: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Live sessions one instance keeps so that a request need not read its session (0 turns it off; 0064). */
  sessionCacheSize: number;
  argon2Concurrency: number;
  minClientVersion: number;
  wsMaxBufferedBytes: number;
  outboxSweepMs: number;
  /** How often each instance checks that its open sockets' sessions are still live (expiry, idle). */
  socketSessionCheckMs: number;
  /** REMINDER_INTERVAL_MS: how often each instance looks for reminders due (decision 0054); under a minute. */
  reminderIntervalMs: number;
  /** TRUST_PROXY: how many proxies stand in front, or their addresses; false trusts no X-Forwarded-For. */
  trustProxy: false | number | string[];
  /**
   * The Graph-style social network PUT /fb/user checks a member's token with (its `/me`), without a trailing
   * slash; null when SOCIAL_GRAPH_URL is set empty: no provider, so no social-network sync.
   */
  socialGraphUrl: string | null;
  /** How long the provider may take to answer before the sync is refused. */
  socialGraphTimeoutMs: number;
  /** Where a member who reports self-harm content finds support (SUPPORT_URL): shown to them at once. */
  supportUrl: string;
  /** S3-compatible storage for uploads (S3_BUCKET set); null keeps them under DATA_DIR/files. */
  s3: S3Config | null;
  /** SMTP_URL (`smtp://user:pass@host:587`, `smtps://...`); null writes each mail under DATA_DIR/mail. */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of Orbit's mail. */
  mailFrom: string;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url); null has a pair generated once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: how a push service reaches the operator, `mailto:` or `https:`. */
  vapidSubject: string;
  /** PUSH_ALLOWED_HOSTS: push services reached even on a private address, over http or https (a relay). */
  pushAllowedHosts: string[];
  /** METRICS_TOKEN: the bearer GET /api/metrics wants; null answers that route 404 (decision 0055). */
  metricsToken: string | null;
  /** METRICS_PORT: a listener of its own serving /metrics without a token (a private network); null: none. */
  metricsPort: number | null;
  /** SHUTDOWN_GRACE_MS: how long a draining instance lets its requests in progress finish. */
  shutdownGraceMs: number;
  /**
   * SHUTDOWN_LINGER_MS: how long a draining instance still takes requests, each answered with
   * `Connection: close`, before it stops listening, so that a proxy's kept-alive connections close after a
   * response rather than under a request (decision 0055).
   */
  shutdownLingerMs: number;
}

export interface S3Config {
  /** Base URL of the S3 API, without a trailing slash (AWS's regional endpoint unless S3_ENDPOINT is set). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what MinIO and most self-hosted stores expect. */
  forcePathStyle: boolean;
  /** Prepended to every key: empty, or a folder ending in `/`. */
  prefix: string;
}

/** One external Janus gateway of the pool (docs/decisions/0027-janus-pool.md). */
export interface JanusGatewayConfig {
  /** janus_server_name: what a call or session records to find its gateway again, so it must stay stable. */
  name: string;
  /** The gateway's WebSocket API, as the server reaches it. */
  url: string;
  /** Its admin API, named beside it for operators; placement does not need it (0027). */
  adminUrl: string | null;
  /** What browsers connect to: `url` unless a proxy stands in front of this gateway. */
  publicUrl: string;
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

function isIceServer(value: unknown): value is IceServer {
  if (typeof value !== 'object' || value === null) return false;
  const { urls, username, credential } = value as Record<string, unknown>;
  const urlsOk =
    typeof urls === 'string' ||
    (Array.isArray(urls) && urls.length > 0 && urls.every((u) => typeof u === 'string'));
  const optionalString = (v: unknown) => v === undefined || typeof v === 'string';
  return urlsOk && optionalString(username) && optionalString(credential);
}

function iceServers(value: string | undefined): IceServer[] {
  if (value === undefined || value === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error(`ICE_SERVERS must be a JSON list, got "${value}"`);
  }
  if (!Array.isArray(parsed) || !parsed.every(isIceServer)) {
    throw new Error('ICE_SERVERS must be a JSON list of {urls, username?, credential?}');
  }
  return parsed;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${value}"`);
  return n;
}

/** A reminder fires within a minute of its time, so the workers look at least that often (and not in a spin). */
function reminderInterval(value: string | undefined): number {
  const ms = int(value, 20_000, 'REMINDER_INTERVAL_MS');
  if (ms < 1000 || ms > 60_000) throw new Error(`REMINDER_INTERVAL_MS must be 1000 to 60000, got "${value}"`);
  return ms;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function str(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/** An http(s) base URL, without its trailing slashes; anything else stops the server from starting. */
function httpBaseUrl(name: string, endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new Error(`${name} must be a URL, got "${endpoint}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL, got "${endpoint}"`);
  }
  return endpoint.replace(/\/+$/, '');
}

const s3Endpoint = (value: string | null, region: string) =>
  httpBaseUrl('S3_ENDPOINT', value ?? `https://s3.${region}.amazonaws.com`);

const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com';

/** Facebook's Graph API unless SOCIAL_GRAPH_URL names another provider; set empty, no provider at all. */
function socialGraphUrl(value: string | undefined): string | null {
  return value === '' ? null : httpBaseUrl('SOCIAL_GRAPH_URL', value ?? FACEBOOK_GRAPH_URL);
}

function s3Prefix(value: string | undefined): string {
  const folder = (value ?? '').replace(/^\/+|\/+$/g, '');
  return folder === '' ? '' : `${folder}/`;
}

function s3(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = str(env.S3_BUCKET);
  if (!bucket) {
    // Other S3_* without a bucket would silently keep uploads on one instance's disk.
    const stray = Object.keys(env).filter((name) => name.startsWith('S3_') && env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without S3_BUCKET`);
    return null;
  }
  const accessKeyId = str(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = str(env.S3_SECRET_ACCESS_KEY);
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required');
  }
  const region = env.S3_REGION || 'us-east-1';
  return {
    endpoint: s3Endpoint(str(env.S3_ENDPOINT), region),
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, true),
    prefix: s3Prefix(env.S3_PREFIX),
  };
}

/** The name of the one gateway JANUS_URL gives: the janus_server_name every call and session had before the pool. */
export const SINGLE_GATEWAY_NAME = 'orbit';
const MAX_JANUS_CHILDREN = 16;
const GATEWAY_NAME = /^[A-Za-z0-9._:-]{1,64}$/;

function urlWith(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL, got "${value}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new Error(
      `${name} must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL, got "${value}"`,
    );
  }
  return value;
}

const WS = ['ws:', 'wss:'];
const ADMIN = ['ws:', 'wss:', 'http:', 'https:'];

/**
 * One JANUS_URLS entry: `<ws url>[;name=<name>][;admin=<admin url>][;public=<browser url>]`. Without a name
 * the URL's host:port names it, which survives reordering the list.
 */
function gatewayEntry(entry: string): JanusGatewayConfig {
  const [first, ...attributes] = entry.split(';').map((part) => part.trim());
  const url = urlWith('A JANUS_URLS gateway', first, WS);
  const fields: Record<string, string> = {};
  for (const attribute of attributes.filter(Boolean)) {
    const at = attribute.indexOf('=');
    const key = at > 0 ? attribute.slice(0, at) : attribute;
    if (!['name', 'admin', 'public'].includes(key) || at < 0 || key in fields) {
      throw new Error(
        `JANUS_URLS: "${attribute}" is not name=, admin= or public= (or comes twice) in "${entry}"`,
      );
    }
    fields[key] = attribute.slice(at + 1);
  }
  const name = fields.name ?? new URL(url).host;
  if (!GATEWAY_NAME.test(name))
    throw new Error(`JANUS_URLS: the gateway name "${name}" must match ${GATEWAY_NAME}`);
  return {
    name,
    url,
    adminUrl: fields.admin ? urlWith(`JANUS_URLS admin of ${name}`, fields.admin, ADMIN) : null,
    publicUrl: fields.public ? urlWith(`JANUS_URLS public of ${name}`, fields.public, WS) : url,
  };
}

/**
 * The media gateways: JANUS_URLS (several), JANUS_URL (one, as before the pool), or none, in which case
 * JANUS_CHILDREN loopback children are started (one by default). Settings that would be ambiguous together
 * stop the server from starting rather than pick one silently.
 */
function janusGateways(env: NodeJS.ProcessEnv): { gateways: JanusGatewayConfig[]; children: number } {
  const list = str(env.JANUS_URLS);
  const single = str(env.JANUS_URL);
  const childrenSet = str(env.JANUS_CHILDREN) !== null;
  const children = int(env.JANUS_CHILDREN, 1, 'JANUS_CHILDREN');
  if (!Number.isInteger(children) || children < 1 || children > MAX_JANUS_CHILDREN) {
    throw new Error(
      `JANUS_CHILDREN must be a whole number from 1 to ${MAX_JANUS_CHILDREN}, got "${env.JANUS_CHILDREN}"`,
    );
  }
  if (list && single) throw new Error('Set JANUS_URLS or JANUS_URL, not both');
  if ((list || single) && childrenSet)
    throw new Error('JANUS_CHILDREN starts local gateways: it goes without JANUS_URL(S)');
  if (list) {
    if (str(env.JANUS_ADMIN_URL) || str(env.JANUS_PUBLIC_URL)) {
      throw new Error('With JANUS_URLS, each gateway names its own admin= and public= URLs');
    }
    const gateways = list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map(gatewayEntry);
    const names = gateways.map((g) => g.name);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice) throw new Error(`JANUS_URLS names the gateway "${twice}" twice`);
    return { gateways, children: 0 };
  }
  if (single) {
    const adminUrl = str(env.JANUS_ADMIN_URL);
    const publicUrl = str(env.JANUS_PUBLIC_URL);
    return {
      gateways: [
        {
          name: SINGLE_GATEWAY_NAME,
          url: urlWith('JANUS_URL', single, WS),
          adminUrl: adminUrl ? urlWith('JANUS_ADMIN_URL', adminUrl, ADMIN) : null,
          publicUrl: publicUrl ? urlWith('JANUS_PUBLIC_URL', publicUrl, WS) : single,
        },
      ],
      children: 0,
    };
  }
  if (children > 1 && str(env.JANUS_PUBLIC_URL)) {
    throw new Error(
      'JANUS_PUBLIC_URL names one gateway: with several JANUS_CHILDREN there is no one to name',
    );
  }
  return { gateways: [], children };
}

/** proxy-addr's names for address ranges, accepted beside addresses and CIDR blocks. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY names the proxies in front, by count (hops) or by address, so that the client address is the
 * one the nearest trusted proxy saw. "true" is refused: it would take the left-most X-Forwarded-For, which
 * the client itself writes, and every rate limit keyed on the address could be sidestepped.
 */
function trustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || ['', '0', 'false', 'no', 'off'].includes(value.trim().toLowerCase()))
    return false;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  throw new Error(
    `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or their addresses ` +
      `(e.g. 10.0.0.5,10.0.1.0/24), got "${value}"`,
  );
}

const DAY = 24 * 60 * 60 * 1000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = readConfig(env);
  assertMailLinksHaveAnOrigin(config);
  return config;
}

/**
 * Mail that leaves the machine carries links (reset, set-password) that must open Orbit's public origin: a
 * request's Host header is the sender's to write, so it never names it, and SMTP_URL needs PUBLIC_URL.
 */
function assertMailLinksHaveAnOrigin(config: Config) {
  if (config.smtpUrl && !config.publicUrl) {
    throw new Error(
      'SMTP_URL is set without PUBLIC_URL: set PUBLIC_URL to the public origin members open Orbit at ' +
        '(e.g. https://orbit.example.org), which the links in its mail (password reset, set-password) open',
    );
  }
}

/** Where the server listens as a browser on this machine reaches it: a wildcard address is localhost. */
function listeningOrigin(host: string, port: number): string {
  const name = ['', '0.0.0.0', '::'].includes(host) ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * The origin of the links Orbit mails: PUBLIC_URL, or without it (mail written to files, no SMTP_URL) the
 * address the server listens on; never a request's Host header, which whoever sends the request writes.
 */
export function linkOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  return config.publicUrl ?? listeningOrigin(config.host, config.port);
}

function readConfig(env: NodeJS.ProcessEnv): Config {
  const janus = janusGateways(env);
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    databaseUrl: str(env.DATABASE_URL),
    databasePoolMax: wholeAtLeast(env.DATABASE_POOL_MAX, 20, 1, 'DATABASE_POOL_MAX'),
    pgliteThread: bool(env.PGLITE_THREAD, true),
    pgliteUpkeepSeconds: upkeepSeconds(env.PGLITE_UPKEEP_SECONDS),
    pgliteSharedBuffersMb: sharedBuffersMb(env.PGLITE_SHARED_BUFFERS_MB),
    redisUrl: str(env.REDIS_URL),
    janusGateways: janus.gateways,
    janusChildren: janus.children,
    janusAdminSecret: str(env.JANUS_ADMIN_SECRET),
    janusAdminKey: str(env.JANUS_ADMIN_KEY),
    janusPublicUrl: str(env.JANUS_PUBLIC_URL),
    recordingTools: {
      janusPpRec: str(env.JANUS_PP_REC) ?? 'janus-pp-rec',
      ffmpeg: str(env.FFMPEG) ?? 'ffmpeg',
    },
    iceServers: iceServers(env.ICE_SERVERS),
    publicUrl: str(env.PUBLIC_URL)?.replace(/\/$/, '') ?? null,
    seedDemo: bool(env.SEED_DEMO, true),
    demoPassword: str(env.DEMO_PASSWORD),
    rateLimitFactor: int(env.RATE_LIMIT_FACTOR, 1, 'RATE_LIMIT_FACTOR'),
    logLevel: env.LOG_LEVEL || 'info',
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST || path.join(REPO_ROOT, 'apps/web/dist')),
    sourceMaps: bool(env.SOURCE_MAPS, false),
    sessionIdleMs: int(env.SESSION_IDLE_DAYS, 14, 'SESSION_IDLE_DAYS') * DAY,
    sessionMaxMs: int(env.SESSION_MAX_DAYS, 60, 'SESSION_MAX_DAYS') * DAY,
    sessionCacheSize: int(env.SESSION_CACHE_SIZE, 20_000, 'SESSION_CACHE_SIZE'),
    argon2Concurrency: int(env.ARGON2_CONCURRENCY, 4, 'ARGON2_CONCURRENCY'),
    minClientVersion: int(env.MIN_CLIENT_VERSION, 1, 'MIN_CLIENT_VERSION'),
    wsMaxBufferedBytes: int(env.WS_MAX_BUFFERED_BYTES, 1024 * 1024, 'WS_MAX_BUFFERED_BYTES'),
    outboxSweepMs: int(env.OUTBOX_SWEEP_MS, 2000, 'OUTBOX_SWEEP_MS'),
    socketSessionCheckMs: int(env.WS_SESSION_CHECK_MS, 15_000, 'WS_SESSION_CHECK_MS'),
    reminderIntervalMs: reminderInterval(env.REMINDER_INTERVAL_MS),
    trustProxy: trustProxy(env.TRUST_PROXY),
    socialGraphUrl: socialGraphUrl(env.SOCIAL_GRAPH_URL),
    socialGraphTimeoutMs: int(env.SOCIAL_GRAPH_TIMEOUT_MS, 5000, 'SOCIAL_GRAPH_TIMEOUT_MS'),
    s3: s3(env),
    supportUrl: httpBaseUrl('SUPPORT_URL', env.SUPPORT_URL || 'https://findahelpline.com'),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: str(env.MAIL_FROM) ?? 'Orbit <no-reply@orbit.local>',
    vapid: vapidKeys(env),
    vapidSubject: vapidSubject(env.VAPID_SUBJECT),
    pushAllowedHosts: (str(env.PUSH_ALLOWED_HOSTS) ?? '')
      .split(',')
      .map((host) =>
        host
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ''),
      )
      .filter(Boolean),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsPort: metricsPort(env.METRICS_PORT),
    shutdownGraceMs: wholeAtLeast(env.SHUTDOWN_GRACE_MS, 10_000, 0, 'SHUTDOWN_GRACE_MS'),
    shutdownLingerMs: wholeAtLeast(env.SHUTDOWN_LINGER_MS, 0, 0, 'SHUTDOWN_LINGER_MS'),
  };
}

/** A whole number from `min`, or the fallback when unset. */
function wholeAtLeast(value: string | undefined, fallback: number, min: number, name: string): number {
  const n = int(value, fallback, name);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name} must be a whole number from ${min}, got "${value}"`);
  return n;
}

/** A day at most: a longer period is beyond a timer's reach, and tables would grow for days meanwhile. */
const UPKEEP_MAX_SECONDS = 86_400;

function upkeepSeconds(value: string | undefined): number {
  const seconds = wholeAtLeast(value, 60, 0, 'PGLITE_UPKEEP_SECONDS');
  if (seconds > UPKEEP_MAX_SECONDS)
    throw new Error(`PGLITE_UPKEEP_SECONDS must be at most ${UPKEEP_MAX_SECONDS} (a day), got "${value}"`);
  return seconds;
}

/**
 * The embedded database's buffer cache, by default (decision 0089). PGlite's own 128 MB sits in its
 * WebAssembly heap, which never gives memory back, while its data files are in the kernel's page cache as
 * well: the server's memory grew with every page read until the whole database was held twice.
 */
export const PGLITE_SHARED_BUFFERS_MB = 32;

/** PGlite's WebAssembly heap holds the cache and everything else the database allocates within 2 GB. */
const SHARED_BUFFERS_MAX_MB = 1024;

function sharedBuffersMb(value: string | undefined): number {
  const mb = wholeAtLeast(value, PGLITE_SHARED_BUFFERS_MB, 1, 'PGLITE_SHARED_BUFFERS_MB');
  if (mb > SHARED_BUFFERS_MAX_MB)
    throw new Error(`PGLITE_SHARED_BUFFERS_MB must be at most ${SHARED_BUFFERS_MAX_MB}, got "${value}"`);
  return mb;
}

/** A short token would be guessed: the metrics show the server's load to whoever holds it. */
const METRICS_TOKEN_MIN = 16;

function metricsToken(value: string | undefined): string | null {
  const token = str(value);
  if (token && token.length < METRICS_TOKEN_MIN) {
    throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters long`);
  }
  return token;
}

function metricsPort(value: string | undefined): number | null {
  if (str(value) === null) return null;
  const port = wholeAtLeast(value, 0, 1, 'METRICS_PORT');
  if (port > 65_535) throw new Error(`METRICS_PORT must be a port number, got "${value}"`);
  return port;
}

/** Both keys or neither: one alone would sign with a pair that does not match. */
function vapidKeys(env: NodeJS.ProcessEnv): Config['vapid'] {
  const publicKey = str(env.VAPID_PUBLIC_KEY);
  const privateKey = str(env.VAPID_PRIVATE_KEY);
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither is');
  }
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (!base64url.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65) {
    throw new Error('VAPID_PUBLIC_KEY must be base64url of an uncompressed P-256 point (65 bytes)');
  }
  if (!base64url.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32) {
    throw new Error('VAPID_PRIVATE_KEY must be base64url of a 32-byte P-256 private key');
  }
  return { publicKey, privateKey };
}

/** RFC 8292 §2.1: a `mailto:` address or an `https:` URL the push service may contact. */
function vapidSubject(value: string | undefined): string {
  const text = str(value);
  if (!text) return 'mailto:no-reply@orbit.local';
  if (!/^mailto:[^@\s]+@[^@\s]+$/.test(text) && !/^https:\/\/[^/\s]+/.test(text)) {
    throw new Error(`VAPID_SUBJECT must be mailto:address or an https: URL, got "${value}"`);
  }
  return text;
}

/** SMTP_URL must name an SMTP server: a typo would otherwise only show when the first mail fails. */
function smtpUrl(value: string | undefined): string | null {
  const text = str(value);
  if (!text) return null;
  if (!/^smtps?:\/\/[^/]+/.test(text)) {
    throw new Error(
      'SMTP_URL must be smtp://[user:pass@]host[:port] or smtps://..., got another kind of URL',
    );
  }
  return text;
}
