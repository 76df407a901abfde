import type { FastifyBaseLogger } from 'fastify';

/** What one instance does, in order, when it is told to stop (decision 0055). */
export interface DrainSteps {
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** SHUTDOWN_GRACE_MS: how long requests in progress may take to finish. */
  graceMs: number;
  /** SHUTDOWN_LINGER_MS: how long requests are still taken (each closing its connection) before the listener stops. */
  lingerMs: number;
  /** /api/ready answers 503 from now on. */
  markDraining(): void;
  /** Every socket closes with 1012 and no new one is taken. */
  closeSockets(): void;
  /** The listener stops taking connections; resolves once the requests in progress are answered. */
  closeHttp(): Promise<void>;
  /** Cuts what is still open once the grace is over. */
  cutHttp(): void;
  /** The workers (outbox sweeper, mail, push, digests) finish their current batch; pools close. */
  stopWork(): Promise<void>;
}

/** Once the grace is over, the workers' current batches get this much longer before the process gives up. */
export const WORK_GRACE_MS = 30_000;

/**
 * Stops the instance without dropping what it holds: not ready at once, sockets sent on with 1012 (their
 * clients resume at another instance from their positions), requests in progress answered within the
 * grace, then workers and pools. Resolves true when everything finished in time.
 */
export async function drain(steps: DrainSteps): Promise<boolean> {
  const { log, graceMs } = steps;
  const started = Date.now();
  log.info({ graceMs }, 'draining: not ready, sockets sent on with 1012, finishing requests in progress');
  steps.markDraining();
  steps.closeSockets();
  if (steps.lingerMs > 0) {
    // A proxy's idle kept-alive connection closed by this side can cross a request the proxy is sending on
    // it, which it may not resend (a POST): 502. While lingering, every answer closes its connection, and the
    // proxy's own idle timeout (shorter than the linger) closes the rest.
    log.info(
      { lingerMs: steps.lingerMs },
      'draining: still answering, each connection closed after its answer',
    );
    await new Promise((resolve) => setTimeout(resolve, steps.lingerMs));
  }
  let cut = false;
  const grace = setTimeout(() => {
    cut = true;
    log.warn({ graceMs }, 'requests still in progress after the grace: their connections are cut');
    steps.cutHttp();
  }, graceMs);
  try {
    await steps.closeHttp();
  } finally {
    clearTimeout(grace);
  }
  const inTime = await Promise.race([
    steps.stopWork().then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), WORK_GRACE_MS).unref()),
  ]);
  if (!inTime) log.error({ waitedMs: WORK_GRACE_MS }, 'workers did not stop in time; exiting anyway');
  log.info({ ms: Date.now() - started, cut, inTime }, 'drained: exiting');
  return inTime;
}
