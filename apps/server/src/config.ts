import { isIP } from 'node:net';
import path from 'node:path';

/** Every environment variable the server reads, parsed and typed in one place (API.md, README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  janusUrl: string | null;
  janusAdminUrl: string | null;
  /** Admin API secret of an external Janus (JANUS_URL); a child Janus gets a fresh one per start. */
  janusAdminSecret: string | null;
  /** The video room and audio bridge plugins' admin_key of an external Janus: only it may create rooms. */
  janusAdminKey: string | null;
  /** What the browser connects to when it differs from JANUS_URL (a proxy in front of Janus). */
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
  argon2Concurrency: number;
  minClientVersion: number;
  wsMaxBufferedBytes: number;
  outboxSweepMs: number;
  /** How often each instance checks that its open sockets' sessions are still live (expiry, idle). */
  socketSessionCheckMs: number;
  /** TRUST_PROXY: how many proxies stand in front, or their addresses; false trusts no X-Forwarded-For. */
  trustProxy: false | number | string[];
  /**
   * The Graph-style social network PUT /fb/user checks a member's token with (its `/me`), without a trailing
   * slash; null when SOCIAL_GRAPH_URL is set empty: no provider, so no social-network sync.
   */
  socialGraphUrl: string | null;
  /** How long the provider may take to answer before the sync is refused. */
  socialGraphTimeoutMs: number;
  /** S3-compatible storage for uploads (S3_BUCKET set); null keeps them under DATA_DIR/files. */
  s3: S3Config | null;
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
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    databaseUrl: str(env.DATABASE_URL),
    redisUrl: str(env.REDIS_URL),
    janusUrl: str(env.JANUS_URL),
    janusAdminUrl: str(env.JANUS_ADMIN_URL),
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
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST || path.join(root, 'apps/web/dist')),
    sourceMaps: bool(env.SOURCE_MAPS, false),
    sessionIdleMs: int(env.SESSION_IDLE_DAYS, 14, 'SESSION_IDLE_DAYS') * DAY,
    sessionMaxMs: int(env.SESSION_MAX_DAYS, 60, 'SESSION_MAX_DAYS') * DAY,
    argon2Concurrency: int(env.ARGON2_CONCURRENCY, 4, 'ARGON2_CONCURRENCY'),
    minClientVersion: int(env.MIN_CLIENT_VERSION, 1, 'MIN_CLIENT_VERSION'),
    wsMaxBufferedBytes: int(env.WS_MAX_BUFFERED_BYTES, 1024 * 1024, 'WS_MAX_BUFFERED_BYTES'),
    outboxSweepMs: int(env.OUTBOX_SWEEP_MS, 2000, 'OUTBOX_SWEEP_MS'),
    socketSessionCheckMs: int(env.WS_SESSION_CHECK_MS, 15_000, 'WS_SESSION_CHECK_MS'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    socialGraphUrl: socialGraphUrl(env.SOCIAL_GRAPH_URL),
    socialGraphTimeoutMs: int(env.SOCIAL_GRAPH_TIMEOUT_MS, 5000, 'SOCIAL_GRAPH_TIMEOUT_MS'),
    s3: s3(env),
  };
}
