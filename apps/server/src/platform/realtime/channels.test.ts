import { EventType, WATCHED_CHANNELS_MAX } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { channelEvents, events } from '../../db/schema';
import { call } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, signUp, type TestContext, type TestUser } from '../../test/harness';
import {
  attempt,
  listen,
  liveSocket,
  postMessagesOn,
  postsOn,
  type TestSocket,
  withChannels,
  withSince,
  withWatching,
  wsUrl,
} from '../../test/realtime';

let ctx: TestContext;
let origin: string;
let fixtures: ReturnType<typeof feedFixtures>;

beforeAll(async () => {
  ctx = await createTestApp();
  origin = await listen(ctx.app);
  fixtures = feedFixtures(ctx);
});

const online = async (user: TestUser, url?: string) => liveSocket(url ?? (await wsUrl(origin, user)), origin);
/** A socket that watches `communityIds` from its first frame (decision 0084). */
const watching = async (user: TestUser, communityIds: number[], url?: string) =>
  liveSocket(withWatching(url ?? (await wsUrl(origin, user)), communityIds), origin);
const post = (author: TestUser, communityId: number, message: string) =>
  fixtures.post(author, communityId, message);
const posts = postsOn;
const messagesOf = postMessagesOn;

/**
 * A member with a socket open (by `open`) joins an expert's community between the posts 'before join' and
 * 'after join'.
 */
async function joinedWhileOpen(open: (joiner: TestUser) => Promise<TestSocket>) {
  const [expert, joiner] = [await signUp(ctx.app), await signUp(ctx.app)];
  const communityId = await fixtures.community(expert, []);
  const socket = await open(joiner);
  await post(expert, communityId, 'before join');
  const join = await call(ctx.app, 'joinCommunity', {
    headers: joiner.headers,
    body: { id: communityId, community_role: 4 },
  });
  expect(join.statusCode).toBe(200);
  await post(expert, communityId, 'after join');
  return { expert, joiner, communityId, socket };
}

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
    const { expert, joiner, communityId, socket } = await joinedWhileOpen(online);
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

/** A member's socket watching one of their two communities, where it has received the post 'seen'. */
async function seenOnWatchedChannel() {
  const world = await twoCommunities();
  const socket = await watching(world.member, [world.watched]);
  await post(world.expert, world.watched, 'seen');
  await expect.poll(() => messagesOf(socket)).toEqual(['seen']);
  return { ...world, socket };
}

/** Posts `messages` in order while the socket does not watch the channel: none of them reaches it. */
async function postUnseen(socket: TestSocket, expert: TestUser, communityId: number, messages: string[]) {
  const before = messagesOf(socket);
  for (const message of messages) await post(expert, communityId, message);
  await socket.live();
  expect(messagesOf(socket)).toEqual(before);
}

/** Two communities of one expert, the member in both. */
async function twoCommunities() {
  const [expert, member] = [await signUp(ctx.app), await signUp(ctx.app)];
  const watched = await fixtures.community(expert, [member]);
  const other = await fixtures.community(expert, [member]);
  return { expert, member, watched, other };
}

describe('watched channels (decision 0084)', () => {
  it('writes the frames of the channels a socket watches, not of the others it follows', async () => {
    const { expert, member, watched, other } = await twoCommunities();
    const socket = await watching(member, [watched]);
    expect(Object.keys(socket.positions).map(Number).sort()).toEqual([watched, other].sort());

    expect(ctx.deps.realtime.quietChannels()).toBe(1);

    await Promise.all([post(expert, other, 'elsewhere'), post(expert, watched, 'on screen')]);
    await expect.poll(() => messagesOf(socket)).toEqual(['on screen']);
    await socket.live();
    expect(messagesOf(socket)).toEqual(['on screen']);
    socket.watch([]);
    await socket.live();
    expect(ctx.deps.realtime.quietChannels()).toBe(2);
    socket.close();
    await socket.closed;
    await expect.poll(() => ctx.deps.realtime.quietChannels()).toBe(0);
  });

  it('writes what passed by, in order, once the channel is watched, then goes live', async () => {
    const { expert, member, watched } = await twoCommunities();
    const socket = await watching(member, []);
    await postUnseen(socket, expert, watched, ['missed 1', 'missed 2']);

    socket.watch([watched]);
    await expect.poll(() => messagesOf(socket)).toEqual(['missed 1', 'missed 2']);
    await post(expert, watched, 'live');
    await expect.poll(() => messagesOf(socket)).toEqual(['missed 1', 'missed 2', 'live']);
    const ids = posts(socket).map((m) => m.id as number);
    expect(ids).toEqual([ids[0], ids[0] + 1, ids[0] + 2]);
    socket.close();
  });

  it('lets a channel pass by once it is no longer watched, and catches up when watched again', async () => {
    const { expert, watched, socket } = await seenOnWatchedChannel();

    socket.watch([]);
    await socket.live();
    await postUnseen(socket, expert, watched, ['away 1', 'away 2']);

    socket.watch([watched]);
    await expect.poll(() => messagesOf(socket)).toEqual(['seen', 'away 1', 'away 2']);
    socket.close();
  });

  it('replays nothing of an unwatched channel on a resume, and reads it from the resume point once watched', async () => {
    const { expert, member, watched, socket: first } = await seenOnWatchedChannel();
    const seen = posts(first)[0].id as number;
    first.close();
    await first.closed;
    await post(expert, watched, 'while away');

    const resume = withChannels(withSince(await wsUrl(origin, member), 0), { [watched]: seen });
    const again = await watching(member, [], resume);
    expect(again.positions[watched]).toBe(seen);
    expect(messagesOf(again)).toEqual([]);

    again.watch([watched]);
    await expect.poll(() => messagesOf(again)).toEqual(['while away']);
    again.close();
  });

  it('follows a community joined while its channel is not watched, from the join, once watched', async () => {
    const { socket, communityId } = await joinedWhileOpen((joiner) => watching(joiner, []));
    await socket.live();
    expect(messagesOf(socket)).toEqual([]);

    socket.watch([communityId]);
    await expect.poll(() => messagesOf(socket)).toEqual(['after join']);
    socket.close();
  });

  it('keeps the watched channels of a socket when it sends a message that is not a well-formed watch', async () => {
    const { expert, member, watched } = await twoCommunities();
    const socket = await watching(member, [watched]);
    for (const bad of [
      { type: 'watch', communities: ['1'] },
      { type: 'watch', communities: [0] },
      { type: 'watch', communities: Array.from({ length: WATCHED_CHANNELS_MAX + 1 }, (_, n) => n + 1) },
      { type: 'watch' },
    ]) {
      socket.ws.send(JSON.stringify(bad));
    }
    await socket.live();
    await post(expert, watched, 'still watched');
    await expect.poll(() => messagesOf(socket)).toEqual(['still watched']);
    socket.close();
  });

  it('refuses a socket whose watched channels are not a list of ids (400, before the upgrade)', async () => {
    const member = await signUp(ctx.app);
    const url = new URL(await wsUrl(origin, member));
    url.searchParams.set('w', '1,x');
    expect(await attempt(url.toString(), origin)).toBe(400);
    const tooMany = Array.from({ length: WATCHED_CHANNELS_MAX + 1 }, (_, n) => n + 1);
    expect(await attempt(withWatching(await wsUrl(origin, member), tooMany), origin)).toBe(400);
  });
});
