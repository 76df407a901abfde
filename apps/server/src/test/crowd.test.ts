import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './call';
import { feedFixtures } from './feeds';
import { createTestApp, signUp, type TestContext, type TestUser } from './harness';
import { eventsReceived, listen, type ReceivedMark, receivedMark, TestSocket, wsUrl } from './realtime';

/**
 * Many members writing every kind of event at once, from concurrent requests: on PostgreSQL (server-pg) the
 * writes really overlap, as a crowd's do. No answer may be a 5xx, no unit of work may lose a deadlock, and
 * every socket must receive every event meant for it, once and in order on each stream.
 */
const MEMBERS = 10;
const ROUNDS = 3;

let ctx: TestContext;
let origin: string;
let fixtures: ReturnType<typeof feedFixtures>;
const retries: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  origin = await listen(ctx.app);
  fixtures = feedFixtures(ctx);
  ctx.deps.realtime.noteRetry = (place, code) => retries.push(`${code} at ${place}`);
});

interface World {
  members: TestUser[];
  everyone: number;
  some: number;
  groupId: number;
  threadId: number;
}

async function world(): Promise<World> {
  const members: TestUser[] = [];
  for (let i = 0; i < MEMBERS; i += 1) members.push(await signUp(ctx.app));
  for (const [i, a] of members.entries()) for (const b of members.slice(i + 1)) await fixtures.befriend(a, b);
  const [host, ...others] = members;
  const everyone = await fixtures.community(host, others);
  const some = await fixtures.community(host, others.slice(0, 4));
  const group = await call(ctx.app, 'createMessageGroup', {
    headers: host.headers,
    body: { user_ids: others.map((m) => m.userId), name: 'Crowd' },
  });
  expect(group.statusCode).toBe(200);
  const thread = await call(ctx.app, 'createCommunityPost', {
    headers: host.headers,
    body: { community_id: everyone, message: 'Say hi' },
  });
  expect(thread.statusCode).toBe(200);
  return { members, everyone, some, groupId: group.json().id, threadId: thread.json().id };
}

/** Every kind of write one member makes in one round, all at once. */
function writesOf(w: World, member: TestUser, i: number, round: number) {
  const { app } = ctx;
  const { headers } = member;
  const post = (community_id: number, message: string) =>
    call(app, 'createCommunityPost', { headers, body: { community_id, message } });
  const writes = [
    post(w.everyone, `post ${i}.${round}`),
    call(app, 'createCommunityComment', {
      headers,
      body: { community_id: w.everyone, feed_id: w.threadId, message: `hi ${i}` },
    }),
    call(app, 'sendMessage', {
      headers,
      params: { group_id: w.groupId },
      body: { message: `pm ${i}.${round}` },
    }),
    call(app, 'updateUser', { headers, body: { gojimoji: { mood: 1 + ((i + round) % 5) } } }),
    call(app, 'logActivity', {
      headers,
      body: {
        activity_type: 1,
        start: new Date(Date.now() - 3_600_000 - round * 60_000).toISOString(),
        duration_ms: 600_000,
        distance: 2,
        distance_unit: 'km',
      },
    }),
  ];
  if (i <= 4) writes.push(post(w.some, `aside ${i}`));
  return writes;
}

/** Ids of one stream as the socket received them: the personal stream (no `ch`) or a channel. */
function idsOn(socket: TestSocket, channel: number | undefined): number[] {
  return socket.messages.filter((m) => m.ch === channel).map((m) => m.id as number);
}

const consecutive = (ids: number[]) => ids.every((id, k) => k === 0 || id === ids[k - 1] + 1);

describe('a crowd writing at once', () => {
  it('answers every write, loses no race, and delivers every event once and in order', async () => {
    const w = await world();
    const sockets = await Promise.all(
      w.members.map(async (m) => TestSocket.open(await wsUrl(origin, m), origin)),
    );
    await Promise.all(sockets.map((s) => s.live()));
    const marks: ReceivedMark[] = await Promise.all(
      w.members.map((m) => receivedMark(ctx.deps.db, m.userId)),
    );

    const answers = await Promise.all(
      Array.from({ length: ROUNDS }, (_, round) =>
        w.members.flatMap((m, i) => writesOf(w, m, i, round)),
      ).flat(),
    );

    const failed = answers.filter((a) => a.statusCode >= 300).map((a) => `${a.statusCode} ${a.body}`);
    expect(failed).toEqual([]);
    expect(retries).toEqual([]);
    for (const [k, member] of w.members.entries()) {
      const expected = await eventsReceived(ctx.deps.db, member.userId, marks[k]);
      const socket = sockets[k];
      await socket.received(expected.length);
      await socket.live();
      expect(socket.messages).toHaveLength(expected.length);
      for (const channel of [undefined, w.everyone, w.some]) {
        const ids = idsOn(socket, channel);
        expect(consecutive(ids), `stream ${channel ?? 'personal'} of member ${k}: ${ids}`).toBe(true);
      }
      expect(idsOn(socket, w.everyone).length).toBeGreaterThanOrEqual(ROUNDS * MEMBERS * 2);
    }
    for (const socket of sockets) socket.close();
  }, 120_000);
});
