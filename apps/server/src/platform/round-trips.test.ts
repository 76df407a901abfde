import { describe, expect, it } from 'vitest';
import { call } from '../test/call';
import { feedFixtures } from '../test/feeds';
import { createTestApp, DB_TARGET, signUp, type TestUser } from '../test/harness';
import { messagesClient } from '../test/messages';
import { roundTripsOf } from '../test/round-trips';
import { startingNow } from '../test/sessions';

const onPostgres = DB_TARGET === 'postgres';
if (!onPostgres) {
  console.warn(
    "[orbit] Round trips are counted at node-postgres's client: the crowd's writes are counted on PostgreSQL.",
  );
}

/**
 * The crowd's most frequent writes in the round trips decision 0094 left them: every statement is a write and
 * a wake-up on both sides, and at 300 requests a second on two cores those wake-ups were what the phase lost.
 * Each is measured the second time, its statements prepared on the connection (a write deferred to the next
 * statement needs it parsed there already), and on an idle pool a request takes the connection just released.
 */
const ctx = onPostgres ? await createTestApp() : undefined;
const app = ctx?.app as NonNullable<typeof ctx>['app'];

describe.runIf(onPostgres)("the crowd's writes, in round trips (decisions 0094 and 0096)", () => {
  const twice = async (request: () => Promise<{ statusCode: number }>, ok = 200) => {
    expect((await request()).statusCode).toBe(ok);
    let status = 0;
    const trips = await roundTripsOf(async () => {
      status = (await request()).statusCode;
    });
    expect(status).toBe(ok);
    return trips;
  };

  it("sets a mood in two: the row written with who hears it and the member's organisations, then the events and the commit", async () => {
    const member = await signUp(app);
    const mood = (value: number) => () =>
      call(app, 'updateUser', { headers: member.headers, body: { gojimoji: { mood: value } } });
    await mood(1)();
    expect(await twice(mood(2))).toBe(2);
  });

  it("comments without reading its author again: the author comes with the comment's insert", async () => {
    const { community, post } = feedFixtures(ctx as NonNullable<typeof ctx>);
    const [expert, member] = [await signUp(app), await signUp(app)];
    const id = await community(expert, [member]);
    const feedId = await post(expert, id, 'walk?');
    const comment = () =>
      call(app, 'createCommunityComment', {
        headers: member.headers,
        body: { message: 'yes', feed_id: feedId, community_id: id },
      });
    // The post, the insert with its author and how the post's author sees them, the notification, the
    // community's readers, the events with the commit.
    expect(await twice(comment)).toBe(5);
  });

  it("posts without reading its author or a new post's counts: nobody could comment on it yet", async () => {
    const { community } = feedFixtures(ctx as NonNullable<typeof ctx>);
    const [expert, author] = [await signUp(app), await signUp(app)];
    const id = await community(expert, [author]);
    const post = () =>
      call(app, 'createCommunityPost', {
        headers: author.headers,
        body: { community_id: id, message: 'hi' },
      });
    // The community with the author's standing, its readers, the insert with its author, the events.
    expect(await twice(post)).toBe(4);
  });

  it("reads a thread up to its newest message in two: the page with the thread, the reader's mark with the events", async () => {
    const { friendsWithThread, sendOk } = messagesClient(app);
    const { a, b, groupId } = await friendsWithThread();
    const list = (reader: TestUser) => () =>
      call(app, 'messages', { headers: reader.headers, params: { group_id: groupId } });
    await sendOk(b, groupId, 'one');
    await list(a)();
    await sendOk(b, groupId, 'two');
    // The thread with the reader's mark and its newest page, the mark moved with the event and the commit.
    expect(await roundTripsOf(list(a))).toBe(2);
  });

  it("reads a feed page past a new post in three: the window's posts come with their stats and faces (decision 0097)", async () => {
    const { community, post } = feedFixtures(ctx as NonNullable<typeof ctx>);
    const [expert, member] = [await signUp(app), await signUp(app)];
    const id = await community(expert, [member]);
    const page = () => call(app, 'communityFeeds', { headers: member.headers, query: { community_id: id } });
    for (const message of ['one', 'two']) {
      await post(expert, id, message);
      expect((await page()).statusCode).toBe(200);
    }
    await post(expert, id, 'three');
    let status = 0;
    const trips = await roundTripsOf(async () => {
      status = (await page()).statusCode;
    });
    expect(status).toBe(200);
    // The check finds the window stale, the window is read, the check again for the new window's posts.
    expect(trips).toBe(3);
  });

  it('sends a message in four when no recipient has a device to push to: who has one is read with the notification', async () => {
    const { friendsWithThread } = messagesClient(app);
    const { a, groupId } = await friendsWithThread();
    const send = () =>
      call(app, 'sendMessage', {
        headers: a.headers,
        params: { group_id: groupId },
        body: { message: 'hi' },
      });
    // The thread, the message, the notifications with who can be pushed to, the events with the commit.
    expect(await twice(send)).toBe(4);
  });

  it('logs an activity session in four: the moments it answers come with its insert', async () => {
    const member = await signUp(app);
    const log = () =>
      call(app, 'logActivity', {
        headers: member.headers,
        body: { activity_type: 1, start: startingNow(), duration_ms: 1_800_000 },
      });
    // The session with the moments it answers, the feed's readers, the post, the events with the commit.
    expect(await twice(log, 201)).toBe(4);
  });
});
