import type { OrbitMetrics } from './metrics';
import type { Readiness } from './readiness';

export { CENSUS_EVERY_MS, countedSockets, type SocketCensus, startSocketCensus } from './census';
export { type DrainSteps, drain } from './drain';
export { HttpMeters, UNMATCHED_ROUTE } from './http-meters';
export { type KeptReadCounts, type MetricsSources, OrbitMetrics } from './metrics';
export { serveMetrics } from './metrics-listener';
export { Readiness } from './readiness';
export { closeConnectionsWhileDraining, registerOperationsRoutes } from './routes';

/** What operators read of one instance (decision 0055): its readiness, and its metrics when turned on. */
export interface Operations {
  readiness: Readiness;
  /** Null unless METRICS_TOKEN or METRICS_PORT is set: then requests are not even counted. */
  metrics: OrbitMetrics | null;
}
