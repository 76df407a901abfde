import {
  EventType,
  PM_IMAGE_TEXT,
  PM_MESSAGE_MAX,
  PM_PAGE_SIZE,
  PrivacySetting,
  StarType,
} from '@orbit/contract';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { attachments as attachmentsTable, events, messageParticipants, stars, users } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { messagesClient } from '../../test/messages';
import { samples, uploader } from '../../test/uploads';
import { StarTarget } from '../stars';
import { olderThan } from './cursor';

const ctx = await createTestApp();
const { app } = ctx;
const { befriend, friendsWithThread, send, sendOk } = messagesClient(app);
// Messages with files are multipart uploads: the uploader's form, not `call`.
const upload = uploader(app);

const previews = async (user: TestUser, search?: string) => {
  const res = await call(app, 'messagePreviews', { headers: user.headers, query: { search } });
  expect(res.statusCode).toBe(200);
  return res.json().previews;
};
const list = (user: TestUser, groupId: number, pageKey?: string | null) =>
  call(app, 'messages', {
    headers: user.headers,
    params: { group_id: groupId },
    query: { page_key: pageKey || undefined },
  });
const previewOf = (user: TestUser, groupId: number) =>
  call(app, 'messagePreview', { headers: user.headers, params: { group_id: groupId } });
const read = (user: TestUser, groupId: number) =>
  call(app, 'readMessages', { headers: user.headers, params: { group_id: groupId } });
const edit = (user: TestUser, groupId: number, pmId: number, message: string) =>
  call(app, 'editMessage', {
    headers: user.headers,
    params: { group_id: groupId, pm_id: pmId },
    body: { message },
  });
const remove = (user: TestUser, groupId: number, pmId: number) =>
  call(app, 'deleteMessage', { headers: user.headers, params: { group_id: groupId, pm_id: pmId } });
const direct = (user: TestUser, other: TestUser) =>
  call(app, 'directThread', { headers: user.headers, body: { user_id: other.userId } });
const createGroup = (user: TestUser, user_ids: number[], name: string) =>
  call(app, 'createMessageGroup', { headers: user.headers, body: { user_ids, name } });
const unfriend = (user: TestUser, friend: TestUser) =>
  call(app, 'unfriend', { headers: user.headers, query: { user_id: friend.userId } });
const starsOf = async (user: TestUser) =>
  (await call(app, 'profiles', { headers: user.headers })).json().stars;
/** The outbox events of a member after `seq`, as type and subtype. */
const eventsSince = (userId: number, seq: number) =>
  ctx.deps.db
    .select({ type: events.type, subtype: events.subtype })
    .from(events)
    .where(and(eq(events.recipientId, userId), gt(events.seq, seq)))
    .orderBy(asc(events.seq));
const lastSeqOf = async (userId: number) => {
  const [row] = await ctx.deps.db
    .select({ seq: max(events.seq) })
    .from(events)
    .where(eq(events.recipientId, userId));
  return row?.seq ?? 0;
};
const pendingOf = async (user: TestUser) =>
  (await call(app, 'profiles', { headers: user.headers })).json().pending_pms_qty;

async function groupOf(creator: TestUser, size = 3) {
  const others = [];
  for (let i = 1; i < size; i++) {
    const friend = await signUp(app);
    await befriend(creator, friend);
    others.push(friend);
  }
  const res = await createGroup(
    creator,
    others.map((u) => u.userId),
    'Run club',
  );
  expect(res.statusCode).toBe(200);
  return { others, groupId: res.json().id };
}

describe('POST /pms/direct', () => {
  it('opens one thread per pair of friends, whoever asks', async () => {
    const { a, b, groupId } = await friendsWithThread();
    expect((await direct(a, b)).json()).toEqual({ group_id: groupId });
    expect((await direct(b, a)).json()).toEqual({ group_id: groupId });
  });

  it('refuses a member who is not a friend (403 not_friends) and oneself (400)', async () => {
    const [a, stranger] = [await signUp(app), await signUp(app)];
    const res = await direct(a, stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('not_friends');
    expect((await direct(a, a)).statusCode).toBe(400);
  });
});

describe('only participants read or write a thread', () => {
  it('answers 404 to everyone else on every call', async () => {
    const { a, groupId } = await friendsWithThread();
    const pmId = await sendOk(a, groupId, 'hello');
    const stranger = await signUp(app);
    const refused = [
      await list(stranger, groupId),
      await previewOf(stranger, groupId),
      await send(stranger, groupId, 'let me in'),
      await edit(stranger, groupId, pmId, 'changed'),
      await remove(stranger, groupId, pmId),
      await read(stranger, groupId),
      await call(app, 'groupImage', { headers: stranger.headers, params: { group_id: groupId } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 404));
    expect(await previews(stranger)).toEqual([]);
  });
});

describe('POST /pms/send/{group_id}', () => {
  it('stores the trimmed message and answers its ids', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const res = await send(a, groupId, '  Morning run at 7?  ');
    expect(res.json()).toEqual({ group_id: groupId, pm_id: expect.any(Number) });
    const [message] = (await list(b, groupId)).json().messages;
    expect(message).toMatchObject({
      pm_id: res.json().pm_id,
      group_id: groupId,
      user_id: a.userId,
      screen_name: a.username,
      message: 'Morning run at 7?',
      state: 'unread',
      attachments: [],
      edited: false,
    });
  });

  it('refuses an empty message and one over 10000 characters', async () => {
    const { a, groupId } = await friendsWithThread();
    for (const empty of ['', '   \n ']) {
      const res = await send(a, groupId, empty);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('empty_message');
    }
    const long = await send(a, groupId, 'x'.repeat(PM_MESSAGE_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: 'message_too_long',
      message: 'Exceeded 10000 character limit',
    });
    expect((await send(a, groupId, 'x'.repeat(PM_MESSAGE_MAX))).statusCode).toBe(200);
  });

  it('refuses a one-to-one send once the members are no longer friends, and says the composer is hidden', async () => {
    const { a, b, groupId } = await friendsWithThread();
    await sendOk(a, groupId, 'see you');
    expect((await unfriend(a, b)).statusCode).toBe(200);
    const res = await send(b, groupId, 'why?');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('not_friends');
    expect((await previewOf(a, groupId)).json().can_send).toBe(false);
    // The history stays readable.
    expect((await list(b, groupId)).json().messages).toHaveLength(1);
  });
});

describe('POST /pms/group', () => {
  it('needs more than 2 participants including the creator', async () => {
    const me = await signUp(app);
    const friend = await signUp(app);
    await befriend(me, friend);
    for (const user_ids of [
      [],
      [friend.userId],
      [friend.userId, me.userId],
      [friend.userId, friend.userId],
    ]) {
      const res = await createGroup(me, user_ids, 'Pair');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('group_too_small');
    }
  });

  it('creates a group of friends that shows as a PRIVATE_MESSAGES star for every participant', async () => {
    const me = await signUp(app);
    const { others, groupId } = await groupOf(me);
    expect((await previews(others[0]))[0]).toMatchObject({
      group_id: groupId,
      group_name: 'Run club',
      is_group: true,
    });
    for (const user of [me, ...others]) {
      const stars = await starsOf(user);
      expect(stars.filter((s) => s.star_type === StarType.PRIVATE_MESSAGES)).toEqual([
        expect.objectContaining({ name: 'Run club' }),
      ]);
    }
  });

  it('refuses a participant who is not the creator’s friend, and a name over 100 characters', async () => {
    const me = await signUp(app);
    const [friend, stranger] = [await signUp(app), await signUp(app)];
    await befriend(me, friend);
    const res = await createGroup(me, [friend.userId, stranger.userId], 'x');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('not_friends');
    const other = await signUp(app);
    await befriend(me, other);
    const named = (name: string) => createGroup(me, [friend.userId, other.userId], name);
    expect((await named('n'.repeat(101))).statusCode).toBe(400);
    expect((await named('n'.repeat(100))).statusCode).toBe(200);
  });
});

describe('editing and deleting messages', () => {
  it('lets only the author edit or delete a message (403 for other participants)', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const pmId = await sendOk(a, groupId, 'first draft');
    const theirs = await edit(b, groupId, pmId, 'hijacked');
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error).toBe('not_author');
    expect((await remove(b, groupId, pmId)).statusCode).toBe(403);

    expect((await edit(a, groupId, pmId, '   ')).statusCode).toBe(400);
    expect((await edit(a, groupId, pmId, ' final words ')).statusCode).toBe(200);
    expect((await list(b, groupId)).json().messages[0]).toMatchObject({
      message: 'final words',
      edited: true,
    });

    expect((await remove(a, groupId, pmId)).statusCode).toBe(200);
    expect((await list(b, groupId)).json().messages).toEqual([]);
    expect((await remove(a, groupId, pmId)).statusCode).toBe(404);
  });

  it('answers 404 for a message of another thread', async () => {
    const first = await friendsWithThread();
    const second = await friendsWithThread();
    const pmId = await sendOk(second.a, second.groupId, 'elsewhere');
    await befriend(first.a, second.a);
    const res = await edit(second.a, first.groupId, pmId, 'x');
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /pms/list/{group_id} paging', () => {
  it('pages newest first with older_key and newer_key, null at either end', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const total = PM_PAGE_SIZE * 2 + 10;
    const ids: number[] = [];
    for (let i = 1; i <= total; i++) ids.push(await sendOk(i % 2 ? a : b, groupId, `message ${i}`));
    const newestFirst = [...ids].reverse();

    const first = (await list(a, groupId)).json();
    expect(first.messages.map((m) => m.pm_id)).toEqual(newestFirst.slice(0, PM_PAGE_SIZE));
    expect(first.newer_key).toBeNull();
    const second = (await list(a, groupId, first.older_key)).json();
    expect(second.messages.map((m) => m.pm_id)).toEqual(newestFirst.slice(PM_PAGE_SIZE, 2 * PM_PAGE_SIZE));
    const third = (await list(a, groupId, second.older_key)).json();
    expect(third.messages.map((m) => m.pm_id)).toEqual(newestFirst.slice(2 * PM_PAGE_SIZE));
    expect(third.older_key).toBeNull();

    const back = (await list(a, groupId, second.newer_key)).json();
    expect(back.messages.map((m) => m.pm_id)).toEqual(newestFirst.slice(0, PM_PAGE_SIZE));
    expect(back.newer_key).toBeNull();
  });

  it("shows each author as the reader may see them: a private member's persona to their friends only", async () => {
    const me = await signUp(app);
    const { others, groupId } = await groupOf(me);
    const [reader, hidden] = others as [TestUser, TestUser];
    const alias = `mask${hidden.userId}`;
    await ctx.deps.db
      .update(users)
      .set({ privacySetting: PrivacySetting.PRIVATE, alias })
      .where(eq(users.id, hidden.userId));
    await sendOk(hidden, groupId, 'from behind the mask');
    const authorAs = async (user: TestUser) => (await list(user, groupId)).json().messages[0].screen_name;
    expect(await authorAs(me)).toBe(hidden.username);
    expect(await authorAs(hidden)).toBe(hidden.username);
    expect(await authorAs(reader)).toBe(alias);
    await befriend(reader, hidden);
    expect(await authorAs(reader)).toBe(hidden.username);
  });

  it('refuses a page_key it did not issue (400)', async () => {
    const { a, groupId } = await friendsWithThread();
    for (const key of ['nonsense', Buffer.from('{"b":-4}').toString('base64url')]) {
      const res = await list(a, groupId, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_page_key');
    }
  });
});

describe('unread messages', () => {
  it('counts unread messages per thread and threads in pending_pms_qty until the thread is read', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const mine = await sendOk(a, groupId, 'are you coming?');
    const replies = [
      await sendOk(b, groupId, 'yes'),
      await sendOk(b, groupId, 'in 5'),
      await sendOk(b, groupId, 'wait for me'),
    ];
    expect(await pendingOf(a)).toBe(1);
    expect(await pendingOf(b)).toBe(0);
    const [preview] = await previews(a);
    expect(preview).toMatchObject({ group_id: groupId, state: 'unread', unread_count: 3 });

    const before = (await list(a, groupId)).json();
    expect(before.last_read_pm_id).toBe(mine);
    expect(before.messages.map((m) => m.state)).toEqual(['unread', 'unread', 'unread', 'read']);

    const marked = await read(a, groupId);
    expect(marked.json()).toEqual({ group_id: groupId, last_read_pm_id: replies[2], pending_pms_qty: 0 });
    expect(await pendingOf(a)).toBe(0);
    expect((await previews(a))[0]).toMatchObject({ state: 'read', unread_count: 0 });
    expect((await list(a, groupId)).json().last_read_pm_id).toBe(replies[2]);
  });

  it("reading the newest page marks the thread read, as the spec's calls alone open a conversation", async () => {
    const { a, b, groupId } = await friendsWithThread();
    const mine = await sendOk(a, groupId, 'lunch?');
    const replies = [await sendOk(b, groupId, 'yes'), await sendOk(b, groupId, 'at 1')];
    expect(await pendingOf(a)).toBe(1);
    // An older page (a page_key) is scrolling back, not opening: it marks nothing.
    const older = await list(a, groupId, olderThan(replies[1] + 1));
    expect(older.json().messages).toHaveLength(3);
    expect(await pendingOf(a)).toBe(1);

    const since = await lastSeqOf(a.userId);
    const opened = (await list(a, groupId)).json();
    // The page still shows what was unread when it was opened (the Unread messages divider).
    expect(opened.last_read_pm_id).toBe(mine);
    expect(opened.messages.map((m) => m.state)).toEqual(['unread', 'unread', 'read']);
    expect(await pendingOf(a)).toBe(0);
    expect(await pendingOf(b)).toBe(0);
    expect((await previews(a))[0]).toMatchObject({ group_id: groupId, state: 'read', unread_count: 0 });
    expect((await list(a, groupId)).json().last_read_pm_id).toBe(replies[1]);
    // The same realtime event the explicit read call sends: the reader's clients refetch their badges.
    expect(await eventsSince(a.userId, since)).toEqual([{ type: EventType.USER_PROFILES, subtype: null }]);
    // Opened again with nothing new, nothing is announced.
    await list(a, groupId);
    expect(await eventsSince(a.userId, since)).toHaveLength(1);
  });

  it('concurrent reads and sends lose no mark and never fail', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const sends = Array.from({ length: 6 }, (_, i) => send(b, groupId, `m${i}`));
    const opens = [
      ...Array.from({ length: 6 }, () => list(a, groupId)),
      ...Array.from({ length: 3 }, () => read(a, groupId)),
    ];
    const [sent, opened] = await Promise.all([Promise.all(sends), Promise.all(opens)]);
    const answers = [...sent, ...opened];
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const reads = opened.map((r) => r.json().last_read_pm_id);
    const [marked] = await ctx.deps.db
      .select({ id: messageParticipants.lastReadMessageId })
      .from(messageParticipants)
      .where(and(eq(messageParticipants.groupId, groupId), eq(messageParticipants.userId, a.userId)));
    // The mark only moves forward: it is at least every mark an answer reported.
    expect(marked.id).toBeGreaterThanOrEqual(Math.max(...reads));
    await list(a, groupId);
    expect(await pendingOf(a)).toBe(0);
  });

  it('two friends writing to each other at once: every message lands, no race lost, both stars moved', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const scoreOf = async (owner: TestUser, other: TestUser) => {
      const [row] = await ctx.deps.db
        .select({ score: stars.interactionScore })
        .from(stars)
        .where(
          and(
            eq(stars.ownerId, owner.userId),
            eq(stars.targetKind, StarTarget.USER),
            eq(stars.targetId, other.userId),
          ),
        );
      return row?.score ?? 0;
    };
    const before = [await scoreOf(a, b), await scoreOf(b, a)];
    const retries = vi.spyOn(ctx.deps.realtime, 'noteRetry');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(i % 2 === 0 ? a : b, groupId, `both ${i}`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    // Each send writes both members' stars of the pair, in one order whoever sends: no deadlock to retry.
    expect(retries).not.toHaveBeenCalled();
    retries.mockRestore();
    // Every send counted on both stars (a few seconds' decay aside): no update lost.
    expect(await scoreOf(a, b)).toBeGreaterThan(before[0] + 7.9);
    expect(await scoreOf(b, a)).toBeGreaterThan(before[1] + 7.9);
  });

  it('counts a thread once in pending_pms_qty however many messages wait in it', async () => {
    const me = await signUp(app);
    const { others, groupId } = await groupOf(me);
    await sendOk(others[0], groupId, 'one');
    await sendOk(others[1], groupId, 'two');
    expect(await pendingOf(me)).toBe(1);
    const stars = await starsOf(me);
    expect(stars.find((s) => s.star_type === StarType.PRIVATE_MESSAGES)?.badge_count).toBe(2);
  });
});

describe('GET /pms/previews', () => {
  it('lists threads latest first; a new message moves its thread to the top', async () => {
    const me = await signUp(app);
    const [ann, bob] = [await signUp(app), await signUp(app)];
    await befriend(me, ann);
    await befriend(me, bob);
    const withAnn = (await direct(me, ann)).json().group_id;
    const withBob = (await direct(me, bob)).json().group_id;
    await sendOk(ann, withAnn, 'hi from Ann');
    await sendOk(bob, withBob, 'hi from Bob');
    expect((await previews(me)).map((p) => p.group_id)).toEqual([withBob, withAnn]);
    await sendOk(ann, withAnn, 'again');
    const [top] = await previews(me);
    expect(top).toMatchObject({
      group_id: withAnn,
      group_name: ann.username,
      screen_name: ann.username,
      prev_screen_name: ann.username,
      screen_names: [ann.username],
      text: 'again',
      message: 'again',
      user_ids: [me.userId, ann.userId].sort((x, y) => x - y),
      can_send: true,
    });
  });

  it('shows IMAGE when the last message carries attachments', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const sent = await upload(a, `pms/${groupId}/attachments`, [
      { name: 'view.png', bytes: await samples.png() },
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    const [attachment] = sent.json().attachments;
    expect(attachment).toMatchObject({ type: 1, fileName: 'view.png' });
    expect((await previews(b))[0]).toMatchObject({
      text: PM_IMAGE_TEXT,
      message: PM_IMAGE_TEXT,
      attachments: [attachment],
    });
  });

  it('filters by a participant or group name, case-insensitively', async () => {
    const me = await signUp(app);
    const { groupId } = await groupOf(me);
    const friend = await signUp(app);
    await befriend(me, friend);
    const withFriend = (await direct(me, friend)).json().group_id;
    expect((await previews(me, 'RUN CLUB')).map((p) => p.group_id)).toEqual([groupId]);
    expect((await previews(me, friend.username.toUpperCase())).map((p) => p.group_id)).toEqual([withFriend]);
    expect(await previews(me, '%')).toEqual([]);
  });
});

describe('POST /pms/group/{id}/image', () => {
  const image = async () =>
    `data:image/png;base64,${(
      await sharp({ create: { width: 400, height: 200, channels: 3, background: '#3bb273' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;

  const setImage = async (user: TestUser, id: number) =>
    call(app, 'setGroupImage', { headers: user.headers, params: { id }, body: { image: await image() } });

  it('sets a square picture that only participants can fetch; a one-to-one thread has none', async () => {
    const me = await signUp(app);
    const { others, groupId } = await groupOf(me);
    const res = await setImage(others[0], groupId);
    expect(res.statusCode).toBe(200);
    const url = res.json().imageUrl;
    expect((await previews(me))[0].group_image_url).toBe(url);
    // The address the upload answered, read as an image element would: raw, not by the endpoint's name.
    const served = await app.inject({ method: 'GET', url, headers: me.headers });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 300]);
    const stranger = await signUp(app);
    expect((await app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(404);

    const { a, groupId: oneToOne } = await friendsWithThread();
    const pair = await setImage(a, oneToOne);
    expect(pair.statusCode).toBe(400);
  });
});

describe('message attachments', () => {
  const png = async () => [{ name: 'sunrise.png', bytes: await samples.png() }];
  // An attachment's address as the upload answered it, read as a link would: raw, not by the endpoint's name.
  const fetchAs = (user: TestUser, url: string) => app.inject({ method: 'GET', url, headers: user.headers });

  it('sends a message with its files, served to the participants only', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const outsider = await signUp(app);
    const sent = await upload(a, `pms/${groupId}/attachments`, await png(), { message: ' at dawn ' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { pm_id, attachments } = sent.json();
    expect(attachments).toHaveLength(1);
    const [listed] = (await list(b, groupId)).json().messages;
    expect(listed).toMatchObject({ pm_id, message: 'at dawn', attachments });
    expect((await fetchAs(b, attachments[0].url)).statusCode).toBe(200);
    expect((await fetchAs(outsider, attachments[0].url)).statusCode).toBe(404);
  });

  it('refuses outsiders, non-friends and an empty upload before storing anything', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const outsider = await signUp(app);
    const before = await ctx.deps.db.$count(attachmentsTable);
    expect((await upload(outsider, `pms/${groupId}/attachments`, await png())).statusCode).toBe(404);
    expect((await upload(a, `pms/${groupId}/attachments`, [])).statusCode).toBe(400);
    expect((await unfriend(a, b)).statusCode).toBe(200);
    expect((await upload(a, `pms/${groupId}/attachments`, await png())).statusCode).toBe(403);
    expect(await ctx.deps.db.$count(attachmentsTable)).toBe(before);
    expect((await list(a, groupId)).json().messages).toEqual([]);
  });

  it('adds files to the author’s own message only', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const pmId = await sendOk(a, groupId, 'more to come');
    const put = `pms/${groupId}/pm/${pmId}/attachments-put`;
    expect((await upload(b, put, await png())).statusCode).toBe(403);
    const added = await upload(a, put, await png());
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().attachments).toHaveLength(1);
    const [listed] = (await list(b, groupId)).json().messages;
    expect(listed.attachments).toEqual(added.json().attachments);
    expect(
      (await upload(a, `pms/${groupId}/pm/${pmId + 1000}/attachments-put`, await png())).statusCode,
    ).toBe(404);
  });
});
