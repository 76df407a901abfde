import { EventType } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { channelEvents, events } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../test/harness';
import { listen, TestSocket, withChannels, withSince, wsUrl } from '../../test/realtime';

let ctx: TestContext;
let origin: string;
let fixtures: ReturnType<typeof feedFixtures>;

beforeAll(async () => {
  ctx = await createTestApp();
  origin = await listen(ctx.app);
  fixtures = feedFixtures(ctx);
});

async function online(user: TestUser, url?: string): Promise<TestSocket> {
  const socket = await TestSocket.open(url ?? (await wsUrl(origin, user)), origin);
  await socket.live();
  return socket;
}

async function post(author: TestUser, communityId: number, message: string): Promise<number> {
  const response = await call(ctx.app, 'createCommunityPost', {
    headers: author.headers,
    body: { community_id: communityId, message },
  });
  expect(response.statusCode).toBe(200);
  return response.json().id;
}

const posts = (socket: TestSocket) => socket.messages.filter((m) => m.type === EventType.COMMUNITY_POST);
const messagesOf = (socket: TestSocket) => posts(socket).map((m) => (m.data as { message: string }).message);

describe('community channels', () => {
  it('writes a community post once and delivers it to every member, with the channel position', async () => {
    const [expert, a, b, outsider] = await Promise.all([1, 2, 3, 4].map(() => signUp(ctx.app)));
    const communityId = await fixtures.community(expert, [a, b]);
    const sockets = await Promise.all([a, b, outsider].map((user) => online(user)));
    expect(sockets[0].positions).toEqual({ [communityId]: 0 });
    const before = await ctx.deps.db.select().from(events);

    await post(expert, communityId, 'one write');

    for (const socket of sockets.slice(0, 2)) {
      await socket.received(1);
      expect(posts(socket)).toMatchObject([{ id: 1, ch: communityId, data: { message: 'one write' } }]);
    }
    const rows = await ctx.deps.db
      .select()
      .from(channelEvents)
      .where(eq(channelEvents.communityId, communityId));
    expect(rows).toHaveLength(1);
    const personal = (await ctx.deps.db.select().from(events)).filter(
      (e) => e.type === EventType.COMMUNITY_POST,
    );
    expect(personal.length).toBe(before.filter((e) => e.type === EventType.COMMUNITY_POST).length);
    await sockets[2].live();
    expect(posts(sockets[2])).toEqual([]);
    for (const socket of sockets) socket.close();
  });

  it('follows a channel from the join on and stops at the leave, on an open socket', async () => {
    const [expert, joiner] = [await signUp(ctx.app), await signUp(ctx.app)];
    const communityId = await fixtures.community(expert, []);
    const socket = await online(joiner);
    await post(expert, communityId, 'before join');

    const join = await call(ctx.app, 'joinCommunity', {
      headers: joiner.headers,
      body: { id: communityId, community_role: 4 },
    });
    expect(join.statusCode).toBe(200);
    await post(expert, communityId, 'after join');
    await expect.poll(() => messagesOf(socket)).toEqual(['after join']);

    const left = await call(ctx.app, 'leaveCommunity', {
      headers: joiner.headers,
      body: { id: communityId },
    });
    expect(left.statusCode).toBe(200);
    await post(expert, communityId, 'after leave');
    await socket.live();
    expect(messagesOf(socket)).toEqual(['after join']);
    socket.close();
  });

  it('moves past a change another group sees without stalling the next', async () => {
    const [expert, member] = [await signUp(ctx.app), await signUp(ctx.app)];
    const communityId = await fixtures.community(expert, [member]);
    const feedId = await post(expert, communityId, 'thread');
    const socket = await online(member);
    const comment = (urgency: number, text: string) =>
      call(ctx.app, 'createCommunityComment', {
        headers: expert.headers,
        body: { message: text, urgency, feed_id: feedId, community_id: communityId },
      });
    expect((await comment(2, 'for experts')).statusCode).toBe(200);
    expect((await comment(0, 'for all')).statusCode).toBe(200);
    const comments = () =>
      socket.messages
        .filter((m) => m.type === EventType.COMMUNITY_COMMENT)
        .map((m) => (m.data as { message: string }).message);
    await expect.poll(comments).toEqual(['for all']);
    socket.close();
  });

  it('replays what a member missed on each channel, in order, from the positions it resumes with', async () => {
    const [expert, member] = [await signUp(ctx.app), await signUp(ctx.app)];
    const communityId = await fixtures.community(expert, [member]);
    const first = await online(member);
    await post(expert, communityId, 'seen');
    await first.received(1);
    const seen = first.messages.at(-1) as { id: number };
    first.close();
    await first.closed;

    await post(expert, communityId, 'missed 1');
    await post(expert, communityId, 'missed 2');

    const url = withChannels(withSince(await wsUrl(origin, member), 0), { [communityId]: seen.id });
    const again = await online(member, url);
    expect(messagesOf(again)).toEqual(['missed 1', 'missed 2']);
    expect(posts(again).map((m) => m.id)).toEqual([seen.id + 1, seen.id + 2]);
    again.close();
  });
});
