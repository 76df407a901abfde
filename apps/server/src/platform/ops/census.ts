import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Redis } from 'ioredis';
import { Periodic } from '../periodic';

/**
 * The sockets open on every instance, for the admin command's `stats` (issue 27, decision 0057): each instance
 * writes its own count under a key of its own that expires, so an instance killed without a drain drops out
 * of the sum within CENSUS_TTL_S. Redis is what every instance of a cluster shares; without it there is one
 * instance and its count is at /api/metrics (orbit_ws_connections).
 */
export const CENSUS_PREFIX = 'orbit:census:sockets:';
export const CENSUS_EVERY_MS = 15_000;
const CENSUS_TTL_S = 45;

export interface SocketCensus {
  stop(): Promise<void>;
}

export function startSocketCensus(
  redis: Redis,
  sockets: () => number,
  onFailure: (err: unknown) => void,
): SocketCensus {
  const key = `${CENSUS_PREFIX}${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const count = new Periodic(
    CENSUS_EVERY_MS,
    async () => void (await redis.set(key, String(sockets()), 'EX', CENSUS_TTL_S)),
    onFailure,
  );
  count.start();
  count.runSoon();
  return {
    async stop() {
      await count.stop();
      await redis.del(key).catch(onFailure);
    },
  };
}

/** The sum of the counts the live instances wrote, and how many instances wrote one. */
export async function countedSockets(redis: Redis): Promise<{ sockets: number; instances: number }> {
  let sockets = 0;
  let instances = 0;
  for await (const keys of redis.scanStream({ match: `${CENSUS_PREFIX}*`, count: 100 }) as AsyncIterable<
    string[]
  >) {
    if (keys.length === 0) continue;
    for (const value of await redis.mget(keys)) {
      if (value === null) continue;
      sockets += Number(value);
      instances += 1;
    }
  }
  return { sockets, instances };
}
