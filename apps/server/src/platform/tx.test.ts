import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/harness';
import { type EventPublisher, inTransaction } from './tx';
import { retryable, retryDelayMs, TX_ATTEMPTS } from './tx-retry';

const ctx = await createTestApp();
const member = await signUp(ctx.app);

function publisher() {
  const retries: { place: string; code: string; attempt: number }[] = [];
  const published: unknown[] = [];
  const target: EventPublisher = {
    publishCommitted: (batch) => published.push(batch),
    noteRetry: (place, code, attempt) => retries.push({ place, code, attempt }),
  };
  return { target, retries, published };
}

/** What node-postgres throws for a lost deadlock, wrapped as the query builder wraps it. */
const deadlock = () => Object.assign(new Error('query failed'), { cause: { code: '40P01' } });

describe('unit of work', () => {
  it('runs again after a deadlock, notes where, and publishes only the attempt that committed', async () => {
    const { target, retries, published } = publisher();
    let attempts = 0;
    const result = await inTransaction({ db: ctx.deps.db, publisher: target }, async (work) => {
      attempts += 1;
      await work.emit([member.userId], 'USER_PROFILES', null, { user_id: attempts });
      if (attempts === 1) throw deadlock();
      return 'done';
    });
    expect(result).toBe('done');
    expect(attempts).toBe(2);
    expect(retries).toEqual([{ place: expect.stringContaining('tx.test.ts'), code: '40P01', attempt: 1 }]);
    expect(published).toHaveLength(1);
  });

  it('gives up after a bounded number of attempts, and never retries other errors', async () => {
    const { target, retries } = publisher();
    let attempts = 0;
    const always = inTransaction({ db: ctx.deps.db, publisher: target }, async () => {
      attempts += 1;
      throw deadlock();
    });
    await expect(always).rejects.toThrow('query failed');
    expect(attempts).toBe(TX_ATTEMPTS);
    expect(retries).toHaveLength(TX_ATTEMPTS - 1);

    let once = 0;
    const other = inTransaction({ db: ctx.deps.db, publisher: target }, async () => {
      once += 1;
      throw Object.assign(new Error('unique'), { code: '23505' });
    });
    await expect(other).rejects.toThrow('unique');
    expect(once).toBe(1);
  });

  it('knows the races worth another attempt, and spreads the attempts out', () => {
    expect(retryable({ code: '40001' })).toBe('40001');
    expect(retryable({ cause: { code: '40P01' } })).toBe('40P01');
    expect(retryable({ code: '23505' })).toBeNull();
    expect(retryable(null)).toBeNull();
    expect(retryDelayMs(1, () => 0)).toBe(0);
    expect(retryDelayMs(3, () => 1)).toBeGreaterThan(retryDelayMs(1, () => 1));
  });
});
