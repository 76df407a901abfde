import { describe, expect, it } from 'vitest';
import { userBlocks } from '../db/schema';
import { createTestApp, signUp } from '../test/harness';
import { type CommittedBatch, type EventPublisher, inTransaction } from './tx';
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

const [actor, friend, blocker] = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
await ctx.deps.db.insert(userBlocks).values({ blockerId: blocker.userId, blockedId: actor.userId });

describe("a unit of work's events leave out the members who blocked its actor (decision 0046)", () => {
  const reached = (batches: unknown[]) =>
    (batches as CommittedBatch[]).flatMap((batch) => batch.personal.map((event) => event.recipientId)).sort();
  const emitToBoth = (knownAmong: number[], knownBlockers: number[]) => {
    const { target, published } = publisher();
    const deps = { db: ctx.deps.db, publisher: target, actor: actor.userId };
    return inTransaction(deps, async (work) => {
      work.knowBlockersAmong(knownAmong, knownBlockers);
      await work.emit([friend.userId, blocker.userId], 'USER_PROFILES', null, { user_id: actor.userId });
    }).then(() => reached(published));
  };

  it('takes the blockers the unit already read when every recipient is among them (decision 0072)', async () => {
    // Told that the friend blocked the actor and the blocker did not: no probe of its own overrules it.
    expect(await emitToBoth([friend.userId, blocker.userId], [friend.userId])).toEqual([blocker.userId]);
  });

  it('asks the database when a recipient is outside what the unit read', async () => {
    expect(await emitToBoth([friend.userId], [])).toEqual([friend.userId]);
    expect(await emitToBoth([], [])).toEqual([friend.userId]);
  });
});
