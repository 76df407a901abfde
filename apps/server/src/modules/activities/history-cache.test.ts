import type { ActivityHistoryResponse } from '@orbit/contract';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { ListenHandlers } from '../../db/listen';
import { activityLogs } from '../../db/schema';
import type { KeptHistory } from '../../deps';
import { createTestApp, signUp } from '../../test/harness';
import { ACTIVITY_CHANGED_CHANNEL, HistoryCache, standingOf } from './history-cache';

const ctx = await createTestApp();
const { app, deps } = ctx;
const quiet = pino({ level: 'silent' });

/**
 * A cache on the app's real database whose notifications the test delivers itself: what the listening
 * connection would hear, when it would hear it, and when it is lost.
 */
function cacheHeardByTest() {
  let connection: ListenHandlers | undefined;
  const database: Database = {
    ...ctx.database,
    listen: (channel, handlers) => {
      expect(channel).toBe(ACTIVITY_CHANGED_CHANNEL);
      connection = handlers;
      return async () => {};
    },
  };
  const cache = new HistoryCache(deps.db);
  cache.listen(database, quiet);
  if (!connection) throw new Error('the cache did not listen');
  return { cache, connection };
}

const addSession = (userId: number) =>
  deps.db.insert(activityLogs).values({
    userId,
    activityType: 1,
    sessionType: 1,
    startedAt: new Date('2026-11-02T10:00:00Z'),
    durationMs: 600000,
  });

/**
 * A member with a session, and their history as the cache reads it: each computation answers the member's
 * standing as the history's statement would, and is numbered, so a read says whether it computed.
 */
async function member(cache: HistoryCache, duringCompute: () => void = () => {}) {
  const { userId } = await signUp(app);
  await addSession(userId);
  let computations = 0;
  const compute = async (): Promise<KeptHistory> => {
    const standing = await standingOf(deps.db, userId);
    duringCompute();
    computations += 1;
    const answer = { total_duration_millis: computations } as ActivityHistoryResponse;
    return { ...standing, answer: { ...answer, activities: [], activities_by_month: [] } };
  };
  const read = async () => (await cache.read(userId, `${userId}|2026`, compute)).answer.total_duration_millis;
  return { userId, read };
}

describe('HistoryCache', () => {
  it('serves what it heard of with no check, and checks what it kept while deaf', async () => {
    const { cache, connection } = cacheHeardByTest();
    connection.up();
    const owner = await member(cache);
    expect(await owner.read()).toBe(1);
    // A session written while the notification is still on its way: the heard answer serves as it was.
    await addSession(owner.userId);
    expect(await owner.read()).toBe(1);
    // Then it arrives.
    connection.message(`${owner.userId + 1000000},${owner.userId}`);
    expect(await owner.read()).toBe(2);
    expect(await owner.read()).toBe(2);
    // Lost and back: what was heard before is checked, since notifications sent in between never came.
    connection.down(new Error('connection lost'));
    await addSession(owner.userId);
    connection.up();
    expect(await owner.read()).toBe(3);
    expect(await owner.read()).toBe(3);
    // While deaf every read checks; what it kept then is checked once more when heard again.
    connection.down(new Error('connection lost'));
    await addSession(owner.userId);
    expect(await owner.read()).toBe(4);
    expect(await owner.read()).toBe(4);
    connection.up();
    await addSession(owner.userId);
    expect(await owner.read()).toBe(5);
    await addSession(owner.userId);
    expect(await owner.read()).toBe(5);
    connection.message('*');
    expect(await owner.read()).toBe(6);
  });

  it('checks an answer computed while a change was notified, and one the writer forgot', async () => {
    const { cache, connection } = cacheHeardByTest();
    connection.up();
    let notifyDuringCompute = true;
    const owner = await member(cache, () => {
      // Another member's change notified while this read ran: it may have been this one's too.
      if (notifyDuringCompute) connection.message('1');
    });
    expect(await owner.read()).toBe(1);
    notifyDuringCompute = false;
    await addSession(owner.userId);
    expect(await owner.read()).toBe(2);
    await addSession(owner.userId);
    expect(await owner.read()).toBe(2);
    cache.forget([owner.userId]);
    expect(await owner.read()).toBe(3);
    expect(cache.counts).toEqual({ hits: 1, misses: 3 });
  });

  it('checks every read where nothing can be heard (no listening)', async () => {
    const cache = new HistoryCache(deps.db);
    cache.listen({ ...ctx.database, listen: undefined }, quiet);
    const owner = await member(cache);
    expect(await owner.read()).toBe(1);
    expect(await owner.read()).toBe(1);
    await addSession(owner.userId);
    expect(await owner.read()).toBe(2);
  });
});
