import { Redis } from 'ioredis';

export const REDIS_TEST_URL = process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379';

/** Whether the tests' Redis answers; the tests that need it are left out, with a printed reason, when not. */
export async function redisAnswers(url = REDIS_TEST_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
