import { createHash, timingSafeEqual } from 'node:crypto';
import { ENDPOINTS } from '@orbit/contract';
import { notFound, unauthorized } from '../errors';
import type { App } from '../http';
import { route } from '../route';
import type { Operations } from './index';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer is the metrics token: compared as digests, in constant time whatever its length. */
function holdsToken(authorization: string | undefined, token: string): boolean {
  const bearer = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(bearer), digest(token));
}

/** Answered before any session is looked up, and never logged: a probe every few seconds is not news. */
const PROBE = { config: { operational: true }, logLevel: 'silent' } as const;

/**
 * A draining instance answers every request, the web app's files included, with `Connection: close`, so a
 * proxy stops reusing the connection after that answer instead of sending its next request on one about to
 * close (SHUTDOWN_LINGER_MS, decision 0055).
 */
export function closeConnectionsWhileDraining(app: App, ops: Operations): void {
  app.addHook('onSend', async (_request, reply) => {
    if (ops.readiness.isDraining) reply.header('connection', 'close');
  });
}

/** GET /api/health, /api/ready and /api/metrics (issue 27, decision 0055). */
export function registerOperationsRoutes(app: App, ops: Operations, metricsToken: string | null): void {
  route(app, ENDPOINTS.health, PROBE, async () => ({ status: 'ok' as const }));

  route(app, ENDPOINTS.readiness, PROBE, async (_request, reply) => {
    const { ready, checks } = await ops.readiness.check();
    if (ready) return { status: 'ready' as const, checks };
    return reply.code(503).send({ status: 'not_ready', checks });
  });

  route(
    app,
    ENDPOINTS.metrics,
    { ...PROBE, describe: { 200: 'Prometheus text format (0.0.4)' } },
    async (request, reply) => {
      const { metrics } = ops;
      if (!metrics || !metricsToken) throw notFound('Metrics are not served here');
      if (!holdsToken(request.headers.authorization, metricsToken)) {
        throw unauthorized('The metrics need the METRICS_TOKEN as a bearer');
      }
      return reply.type(metrics.contentType).send(await metrics.text());
    },
  );
}
