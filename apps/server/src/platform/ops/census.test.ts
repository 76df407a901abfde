import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { REDIS_TEST_URL, redisAnswers } from '../../test/redis';
import { countedSockets, startSocketCensus } from './census';

// A database index of its own: the e2e cluster's instances write their census into the default one meanwhile.
const CENSUS_DB_URL = `${REDIS_TEST_URL.replace(/\/\d*$/, '')}/9`;
const reachable = await redisAnswers(CENSUS_DB_URL);
if (!reachable)
  console.warn(`[orbit] Redis at ${CENSUS_DB_URL} did not answer: the socket census test is left out.`);

describe.runIf(reachable)('the socket census (orbit stats)', () => {
  const redis = new Redis(CENSUS_DB_URL);
  afterAll(() => redis.disconnect());

  it('sums what each live instance wrote, and forgets an instance that stopped', async () => {
    await redis.flushdb();
    const failures: unknown[] = [];
    const first = startSocketCensus(
      redis,
      () => 3,
      (err) => failures.push(err),
    );
    let open = 4;
    const second = startSocketCensus(
      redis,
      () => open,
      (err) => failures.push(err),
    );
    await expect.poll(() => countedSockets(redis)).toEqual({ sockets: 7, instances: 2 });
    await first.stop();
    expect(await countedSockets(redis)).toEqual({ sockets: 4, instances: 1 });
    open = 0;
    await second.stop();
    expect(await countedSockets(redis)).toEqual({ sockets: 0, instances: 0 });
    expect(failures).toEqual([]);
  });
});
