import autocannon from 'autocannon';
import './autocannon-bodies';

export interface LoadSettings {
  connections: number;
  durationSec: number;
  /** Seconds of load before each measurement, so that the JIT and the pools are warm. */
  warmupSec: number;
}

export interface Measurement {
  label: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses counted by status code: a 404 or 401 here means the figures are not the route's real work. */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

export interface Target {
  baseUrl: string;
  headers: Record<string, string>;
}

/** The cheapest authenticated route: only the session check. Other routes are read against it. */
export const FLOOR = { label: 'floor', method: 'GET', path: '/api/me' } as const;

export interface Route {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

function fire(target: Target, route: Route, connections: number, durationSec: number) {
  return autocannon({
    url: `${target.baseUrl}${route.path}`,
    method: route.method,
    headers: { ...target.headers, ...(route.body ? { 'content-type': 'application/json' } : {}) },
    body: route.body,
    connections,
    duration: durationSec,
  });
}

export async function measure(target: Target, route: Route, settings: LoadSettings): Promise<Measurement> {
  if (settings.warmupSec > 0) await fire(target, route, settings.connections, settings.warmupSec);
  const result = await fire(target, route, settings.connections, settings.durationSec);
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  return {
    label: route.label,
    method: route.method,
    path: route.path,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** What makes a measurement's figures misleading, in words for the report. */
export function measurementWarnings(m: Measurement): string[] {
  const warnings: string[] = [];
  const failed = Object.entries(m.statuses).filter(([code]) => !code.startsWith('2'));
  for (const [code, count] of failed) {
    warnings.push(`${m.label}: ${count} of ${m.requests} responses were ${code} (${m.method} ${m.path})`);
  }
  if (m.errors > 0) warnings.push(`${m.label}: ${m.errors} connection errors (${m.timeouts} timeouts)`);
  return warnings;
}
