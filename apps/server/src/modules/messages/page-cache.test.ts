import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, type TestContext, type TestUser } from '../../test/harness';
import { messagesClient } from '../../test/messages';
import type { ThreadPageCache } from './page-cache';

/**
 * A thread's newest page read again is kept, and served with no statement while everything it shows is heard
 * to stand still (decision 0079). These prove that a kept page never shows a participant what changed since:
 * at once on the instance the change went through, and once heard on another instance of the same deployment
 * (one database) or, written with no event, once its notification arrives.
 */
const first = await createTestApp();
const second = await createTestApp({}, first.database);
const { friendsWithThread, sendOk } = messagesClient(first.app);
const cache = first.deps.threadPages as ThreadPageCache;

/** Another instance's change, and one written with no event, is heard when the bus or its notification brings it. */
const HEARD = { timeout: 5_000, interval: 50 };
const whenHeard = (assertion: () => Promise<unknown>) => vi.waitFor(assertion, HEARD);

async function pageOf(user: TestUser, groupId: number, ctx: TestContext = first) {
  const res = await call(ctx.app, 'messages', { headers: user.headers, params: { group_id: groupId } });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const textsOf = async (user: TestUser, groupId: number) =>
  (await pageOf(user, groupId)).messages.map((m) => m.message);

/**
 * Reads until a read is served as kept: a notification of an earlier test's write may start a new hearing.
 */
async function servedAsKept(read: () => Promise<unknown>) {
  await whenHeard(async () => {
    const hits = cache.counts.hits;
    await read();
    expect(cache.counts.hits).toBe(hits + 1);
  });
}

describe("a thread's kept newest page", () => {
  it('is served again as kept, and shows a message sent here at once and one sent elsewhere once heard', async () => {
    const { a, b, groupId } = await friendsWithThread();
    await sendOk(a, groupId, 'one');
    await servedAsKept(async () => expect(await textsOf(b, groupId)).toEqual(['one']));
    // No wait: the message's event on b's stream was heard before its sender was answered.
    await sendOk(a, groupId, 'two');
    expect(await textsOf(b, groupId)).toEqual(['two', 'one']);
    await servedAsKept(() => textsOf(b, groupId));
    const sent = await call(second.app, 'sendMessage', {
      headers: a.headers,
      params: { group_id: groupId },
      body: { message: 'three' },
    });
    expect(sent.statusCode).toBe(200);
    await whenHeard(async () => expect(await textsOf(b, groupId)).toEqual(['three', 'two', 'one']));
  });

  it('answers the read that marked the thread read with the divider before it, and the next read after it', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const one = await sendOk(a, groupId, 'one');
    await servedAsKept(() => pageOf(b, groupId));
    const two = await sendOk(a, groupId, 'two');
    // The read that finds a new message marks it read, and says where reading stood before it.
    expect((await pageOf(b, groupId)).last_read_pm_id).toBe(one);
    expect((await pageOf(b, groupId)).last_read_pm_id).toBe(two);
    await servedAsKept(async () => expect((await pageOf(b, groupId)).last_read_pm_id).toBe(two));
  });

  it('shows an edit and a deletion made through another instance once heard', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const one = await sendOk(a, groupId, 'one');
    await sendOk(a, groupId, 'two');
    await servedAsKept(() => textsOf(b, groupId));
    const params = { group_id: groupId, pm_id: one };
    const edited = await call(second.app, 'editMessage', {
      headers: a.headers,
      params,
      body: { message: 'uno' },
    });
    expect(edited.statusCode).toBe(200);
    await whenHeard(async () => expect(await textsOf(b, groupId)).toEqual(['two', 'uno']));
    await servedAsKept(() => textsOf(b, groupId));
    expect((await call(second.app, 'deleteMessage', { headers: a.headers, params })).statusCode).toBe(200);
    await whenHeard(async () => expect(await textsOf(b, groupId)).toEqual(['two']));
  });

  it("shows an author's name written with no event once its notification is heard", async () => {
    const { a, b, groupId } = await friendsWithThread();
    await sendOk(a, groupId, 'one');
    const screenName = async () => (await pageOf(b, groupId)).messages[0]?.screen_name;
    await servedAsKept(async () => expect(await screenName()).toBe(a.username));
    const username = `renamed${a.userId}`;
    await first.deps.db.update(users).set({ username }).where(eq(users.id, a.userId));
    await whenHeard(async () => expect(await screenName()).toBe(username));
  });
});
