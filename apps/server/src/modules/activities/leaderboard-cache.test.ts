import type { LeaderboardResponse } from '@orbit/contract';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { ListenHandlers } from '../../db/listen';
import { FACES_CHANGED_CHANNEL } from '../faces';
import { ACTIVITY_CHANGED_CHANNEL } from './history-cache';
import { LeaderboardCache } from './leaderboard-cache';
import { localDay, weekOf } from './period';

const quiet = pino({ level: 'silent' });
const NOW = new Date('2026-12-02T12:00:00Z');

/**
 * A cache whose notifications and bus the test delivers itself: what the listening connection and the hub would
 * hear, and when. The cache reads nothing itself, so no database is needed to decide what it serves.
 */
function cacheHeardByTest() {
  const channels = new Map<string, ListenHandlers>();
  const database = {
    listen: (channel: string, handlers: ListenHandlers) => {
      channels.set(channel, handlers);
      return async () => {};
    },
  } as unknown as Database;
  const cache = new LeaderboardCache();
  cache.listen(database, quiet);
  expect([...channels.keys()].sort()).toEqual([ACTIVITY_CHANGED_CHANNEL, FACES_CHANGED_CHANNEL].sort());
  cache.hearing(true);
  for (const handlers of channels.values()) handlers.up();
  const channel = (name: string) => channels.get(name) as ListenHandlers;
  return { cache, channel };
}

/** A caller's board as the cache reads it: each computation numbered, so a read says whether it computed. */
function caller(cache: LeaderboardCache, callerId: number, seq = 5) {
  let computations = 0;
  let during = () => {};
  const read = async (now = NOW) => {
    const answer = await cache.read(callerId, now, async () => {
      computations += 1;
      during();
      const from = weekOf(localDay(now, 'UTC')).from;
      const answer = {
        scores: [],
        community_id: null,
        start_date: from,
        end_date: from,
      } as LeaderboardResponse;
      return { answer, zone: 'UTC', from, streams: [[`u:${callerId}`, seq]] };
    });
    return { answer, computations };
  };
  return {
    read,
    computations: () => computations,
    whileComputing: (fn: () => void) => {
      during = fn;
    },
  };
}

describe('kept global leaderboards (decision 0077)', () => {
  it('serve the same answer while everything is heard, until a session, a zone or a face changes', async () => {
    const { cache, channel } = cacheHeardByTest();
    const me = caller(cache, 1);
    const first = await me.read();
    expect((await me.read()).answer).toBe(first.answer);
    expect(me.computations()).toBe(1);
    channel(ACTIVITY_CHANGED_CHANNEL).message('42');
    await me.read();
    expect(me.computations()).toBe(2);
    channel(FACES_CHANGED_CHANNEL).message('7');
    await me.read();
    await me.read();
    expect(me.computations()).toBe(3);
    cache.forget();
    await me.read();
    expect(me.computations()).toBe(4);
    expect(cache.counts).toEqual({ hits: 2, misses: 4 });
  });

  it("drop a caller's board at their own event past it (a friendship, a block), and no one else's", async () => {
    const { cache } = cacheHeardByTest();
    const [me, other] = [caller(cache, 1), caller(cache, 2)];
    await me.read();
    await other.read();
    cache.moved('u:1', 5);
    cache.moved('c:1', 9);
    await me.read();
    expect(me.computations()).toBe(1);
    cache.moved('u:1', 6);
    await me.read();
    await other.read();
    expect([me.computations(), other.computations()]).toEqual([2, 1]);
  });

  it('are not kept while a channel or the bus is not heard, nor when something changed while reading', async () => {
    const { cache, channel } = cacheHeardByTest();
    const me = caller(cache, 1);
    channel(FACES_CHANGED_CHANNEL).down(new Error('connection lost'));
    expect(cache.serving).toBe(false);
    await me.read();
    await me.read();
    expect(me.computations()).toBe(2);
    channel(FACES_CHANGED_CHANNEL).up();
    cache.hearing(false);
    await me.read();
    await me.read();
    expect(me.computations()).toBe(4);
    cache.hearing(true);
    me.whileComputing(() => channel(ACTIVITY_CHANGED_CHANNEL).message('3'));
    await me.read();
    me.whileComputing(() => cache.moved('u:1', 6));
    await me.read();
    me.whileComputing(() => {});
    await me.read();
    expect(me.computations()).toBe(7);
    expect(cache.serving).toBe(true);
  });

  it("answer a new board when the caller's week has turned", async () => {
    const { cache } = cacheHeardByTest();
    const me = caller(cache, 1);
    await me.read();
    await me.read(new Date(NOW.getTime() + 3600_000));
    expect(me.computations()).toBe(1);
    const nextWeek = await me.read(new Date(NOW.getTime() + 7 * 86_400_000));
    expect(me.computations()).toBe(2);
    expect(nextWeek.answer.start_date).toBe(
      weekOf(localDay(new Date(NOW.getTime() + 7 * 86_400_000), 'UTC')).from,
    );
  });
});
