import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Reports the health of the Redis connections once per change: one warning when one is lost, one line when
 * all are back. Listening to 'error' also keeps ioredis from printing an unhandled-error stack for every
 * reconnect attempt; while Redis is away, rate limits count per instance (rate-limit-store.ts) and events
 * wait in the outbox (BusAway).
 */
export function watchRedisHealth(connections: Redis[], log: Logger): void {
  let up = true;
  let lastError: string | null = null;
  const lost = () => {
    if (!up) return;
    up = false;
    log.warn(
      { reason: lastError },
      'Redis is unreachable: rate limits count per instance and events wait in the outbox until it is back',
    );
  };
  const back = () => {
    if (up || !connections.every((connection) => connection.status === 'ready')) return;
    up = true;
    log.info('Redis is back: rate limits are shared again and the outbox is delivered');
  };
  for (const connection of connections) {
    connection.on('error', (err: Error) => {
      lastError = err.message;
    });
    // 'reconnecting' and not 'close': a connection closed on purpose (shutdown) does not reconnect.
    connection.on('reconnecting', lost);
    connection.on('ready', back);
  }
}
