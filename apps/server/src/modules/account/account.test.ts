import {
  ACCOUNT_EXPORT_FORMAT,
  type AccountExport,
  AppId,
  DELETED_MEMBER_NAME,
  EventSubtype,
  EventType,
  type ExportedFile,
  NotificationType,
  WS_CLOSE,
} from '@orbit/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  accountErasures,
  attachments,
  communities,
  communityMembers,
  images,
  lessons,
  moodHistory,
  organizationMembers,
  posts,
  pushOutbox,
  pushPreferences,
  pushSubscriptions,
  reminders,
  users,
} from '../../db/schema';
import { BUSY_APP_CONFIG, BUSY_WORLD_TIMEOUT_MS, busyMember } from '../../test/busy-member';
import { type Called, call } from '../../test/call';
import { placesNaming, referencedKeys } from '../../test/erasure';
import { createTestApp, GOOD_PASSWORD, signUp, type TestUser } from '../../test/harness';
import { listen, TestSocket, wsUrl } from '../../test/realtime';
import { bearer, sessionToken } from '../../test/sign-in';
import { uploaderTo } from '../../test/uploads';

vi.setConfig({ testTimeout: BUSY_WORLD_TIMEOUT_MS });

const ctx = await createTestApp(BUSY_APP_CONFIG);
const { app, deps } = ctx;
const origin = await listen(app);

const erase = (user: TestUser, password = user.password) =>
  call(app, 'eraseAccount', { headers: user.headers, body: { password } });
const exported = (user: TestUser) => call(app, 'exportAccount', { headers: user.headers });
/**
 * What these tests read of an export's sections, which its declaration leaves open: one section per kind of
 * data (decision 0048), each part's own.
 */
interface ExportSections {
  [section: string]: unknown;
  files: ExportedFile[];
  notifications: { type: number; points_to: object }[];
}
const sectionsOf = (res: Called<'exportAccount'>) => res.json() as AccountExport & ExportSections;
const send = (user: TestUser, groupId: number, message: string) =>
  call(app, 'sendMessage', { params: { group_id: groupId }, headers: user.headers, body: { message } });
const postIn = (user: TestUser, communityId: number, message: string) =>
  call(app, 'createCommunityPost', { headers: user.headers, body: { message, community_id: communityId } });
const commentOn = (user: TestUser, communityId: number, feedId: number, message: string) =>
  call(app, 'createCommunityComment', {
    headers: user.headers,
    body: { message, feed_id: feedId, community_id: communityId },
  });
const feedOf = (user: TestUser, communityId: number) =>
  call(app, 'communityFeeds', { headers: user.headers, query: { community_id: communityId } });
/**
 * An import sent as the JSON document, which the server takes beside the multipart form; the declaration
 * knows the form only, so this stays a raw injection.
 */
const importJson = (user: TestUser, document: object) =>
  app.inject({ method: 'POST', url: '/api/user/import', headers: user.headers, payload: document });

/** The storage keys of the member's files, as the rows say before the erasure. */
async function filesOf(userId: number): Promise<string[]> {
  const pictures = await deps.db
    .select({ key: images.storageKey })
    .from(images)
    .where(eq(images.ownerId, userId));
  const attached = await deps.db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(eq(attachments.uploaderId, userId));
  const recorded = await deps.db
    .select({ key: lessons.mediaKey })
    .from(lessons)
    .where(eq(lessons.instructorId, userId));
  return [...pictures, ...attached, ...recorded].flatMap((r) => (r.key ? [r.key] : []));
}

/**
 * The member's rows of reminders and pushes, the outbox's by the ids of their subscriptions (`known`, once
 * they are gone), and their weekly goal.
 */
async function pushAndRemindersOf(userId: number, known: number[] = []) {
  const rowsOf = async (table: typeof reminders | typeof pushPreferences) =>
    (await deps.db.select().from(table).where(eq(table.userId, userId))).length;
  const devices = await deps.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const subscriptionIds = devices.map((d) => d.id);
  const ids = [...new Set([...known, ...subscriptionIds])];
  const outbox = ids.length
    ? await deps.db.select().from(pushOutbox).where(inArray(pushOutbox.subscriptionId, ids))
    : [];
  const [member] = await deps.db
    .select({ goal: users.weeklyGoalMinutes })
    .from(users)
    .where(eq(users.id, userId));
  return {
    reminders: await rowsOf(reminders),
    subscriptions: subscriptionIds.length,
    preferences: await rowsOf(pushPreferences),
    outbox: outbox.length,
    goal: member?.goal ?? null,
    subscriptionIds,
  };
}

/** A socket of the member, live. */
async function socketOf(user: TestUser): Promise<TestSocket> {
  const socket = await TestSocket.open(await wsUrl(origin, user), origin);
  await socket.live();
  return socket;
}

describe('DELETE /user', () => {
  it('refuses a wrong password with 401 incorrect_password and erases nothing', async () => {
    const member = await signUp(app);
    const res = await erase(member, 'Not-the-password-1');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('incorrect_password');
    expect((await call(app, 'profile', { headers: member.headers })).statusCode).toBe(200);
  });

  it('leaves no row naming the member but the audit row, and none of their files in storage', async () => {
    const world = await busyMember(ctx);
    const { member } = world;
    // A push waits in the outbox for the member's device: a message of the friend.
    await send(world.friend, world.directGroupId, 'still there?');
    const before = await pushAndRemindersOf(member.userId);
    expect(before).toMatchObject({ reminders: 1, subscriptions: 1, preferences: 1, goal: 150 });
    expect(before.outbox).toBeGreaterThanOrEqual(1);
    const files = await filesOf(member.userId);
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const key of files) expect(await deps.storage.get(key)).not.toBeNull();
    expect(await placesNaming(deps.db, member.userId)).not.toEqual([]);

    const res = await erase(member);
    expect(res.statusCode, res.body).toBe(200);

    expect(await placesNaming(deps.db, member.userId)).toEqual([]);
    expect(await pushAndRemindersOf(member.userId, before.subscriptionIds)).toEqual({
      reminders: 0,
      subscriptions: 0,
      preferences: 0,
      outbox: 0,
      goal: null,
      subscriptionIds: [],
    });
    const audit = await deps.db
      .select()
      .from(accountErasures)
      .where(eq(accountErasures.userId, member.userId));
    expect(audit).toHaveLength(1);
    for (const key of files) expect(await deps.storage.get(key), key).toBeNull();
    for (const key of await referencedKeys(deps.db)) expect(await deps.storage.get(key), key).not.toBeNull();
  });

  it('revokes every session and frees the email and username', async () => {
    const member = await signUp(app);
    const second = await call(app, 'login', {
      body: { identity: member.username, password: member.password },
    });
    const otherToken = sessionToken(second);
    expect((await erase(member)).statusCode).toBe(200);
    for (const token of [member.token, otherToken]) {
      const res = await call(app, 'profiles', { headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
    const again = await call(app, 'register', {
      body: { email: member.email.toUpperCase(), username: member.username, password: GOOD_PASSWORD },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("closes the member's open sockets at once", async () => {
    const member = await signUp(app);
    const socket = await socketOf(member);
    expect((await erase(member)).statusCode).toBe(200);
    expect(await socket.closed).toBe(WS_CLOSE.unauthorized);
  });

  it("keeps their messages as a deleted member's, without text or files", async () => {
    const { member, friend, directGroupId } = await busyMember(ctx);
    expect((await erase(member)).statusCode).toBe(200);
    const params = { group_id: directGroupId };
    const list = await call(app, 'messages', { params, headers: friend.headers });
    expect(list.statusCode, list.body).toBe(200);
    const messages = list.json().messages;
    expect(messages).toHaveLength(3);
    const erased = messages.filter((m) => m.user_id === null);
    expect(erased).toHaveLength(2);
    for (const m of erased) {
      expect(m).toMatchObject({
        screen_name: DELETED_MEMBER_NAME,
        message: '',
        attachments: [],
        image_url: null,
      });
    }
    expect(messages.find((m) => m.user_id === friend.userId)).toMatchObject({ message: 'hello you' });
    const preview = (await call(app, 'messagePreview', { params, headers: friend.headers })).json();
    expect(preview).toMatchObject({ screen_name: DELETED_MEMBER_NAME, text: '', can_send: false });
  });

  it('lets communities run on: an organisation community without its expert, an owned one handed over', async () => {
    const { member, friend, neighbour, ownedId, orgId, orgCommunityId } = await busyMember(ctx);
    expect((await erase(member)).statusCode).toBe(200);
    expect(
      (await call(app, 'community', { params: { id: orgCommunityId }, headers: neighbour.headers }))
        .statusCode,
    ).toBe(200);
    const post = await postIn(neighbour, orgCommunityId, 'still here');
    expect(post.statusCode).toBe(200);
    // Nobody is its expert now: a member may not appoint one, the organisation's admin may.
    const appoint = (by: TestUser, whom: TestUser) =>
      call(app, 'appointCommunityExpert', {
        params: { id: orgCommunityId, userId: whom.userId },
        headers: by.headers,
      });
    const refused = await appoint(neighbour, neighbour);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('not_an_expert');
    const admin = await signUp(app);
    await deps.db
      .insert(organizationMembers)
      .values({ organizationId: orgId, userId: admin.userId, orgRoles: [2, 4] });
    const stranger = await signUp(app);
    expect((await appoint(admin, stranger)).json().error).toBe('not_a_member');
    expect((await appoint(admin, neighbour)).statusCode).toBe(200);
    expect((await appoint(admin, neighbour)).statusCode).toBe(200);
    const [expert] = await deps.db
      .select({ role: communityMembers.role })
      .from(communityMembers)
      .where(
        and(eq(communityMembers.communityId, orgCommunityId), eq(communityMembers.userId, neighbour.userId)),
      );
    expect(expert?.role).toBe(1);
    // The new expert appoints in turn.
    expect((await appoint(neighbour, friend)).statusCode).toBe(200);
    const [owned] = await deps.db.select().from(communities).where(eq(communities.id, ownedId));
    // The friend joined before the neighbour: they run it now.
    expect(owned?.ownerId).toBe(friend.userId);
    const roles = await deps.db
      .select({ userId: communityMembers.userId, role: communityMembers.role })
      .from(communityMembers)
      .where(eq(communityMembers.communityId, ownedId));
    expect(roles).toEqual(
      expect.arrayContaining([
        { userId: friend.userId, role: 1 },
        { userId: neighbour.userId, role: 4 },
      ]),
    );
  });

  it("takes them out of friends, stars and search, and their posts out of others' open feeds", async () => {
    const { member, friend, neighbour, orgCommunityId } = await busyMember(ctx);
    const feed = await feedOf(neighbour, orgCommunityId);
    const theirs = feed.json().community_feeds.filter((p) => p.author_user_id === member.userId);
    expect(theirs.length).toBeGreaterThan(0);
    const board = async () =>
      (await call(app, 'leaderboard', { headers: friend.headers, query: { global: true } }))
        .json()
        .scores.map((s) => s.user_id);
    expect(await board()).toContain(member.userId);
    const [friendSocket, neighbourSocket] = [await socketOf(friend), await socketOf(neighbour)];
    expect((await erase(member)).statusCode).toBe(200);

    await friendSocket.received(1);
    await vi.waitFor(() =>
      expect(friendSocket.messages).toContainEqual(
        expect.objectContaining({ type: EventType.FRIEND_REQUEST, subtype: EventSubtype.REJECT }),
      ),
    );
    await vi.waitFor(() => {
      const deleted = neighbourSocket.messages
        .filter((m) => m.type === EventType.COMMUNITY_POST && m.subtype === EventSubtype.DELETE)
        .map((m) => (m.data as { id: number }).id);
      expect(deleted).toEqual(expect.arrayContaining(theirs.map((p) => p.id)));
    });
    friendSocket.close();
    neighbourSocket.close();

    expect((await call(app, 'friends', { headers: friend.headers })).json().friends).not.toHaveProperty(
      String(member.userId),
    );
    const stars = (await call(app, 'profiles', { headers: friend.headers })).json().stars;
    expect(stars.some((s) => s.user_id === member.userId)).toBe(false);
    expect(await board()).not.toContain(member.userId);
    const found = await call(app, 'searchUsers', { headers: friend.headers, query: { q: member.username } });
    expect(JSON.stringify(found.json())).not.toContain(member.username);
    const after = await feedOf(neighbour, orgCommunityId);
    const left = after.json().community_feeds;
    expect(left.length).toBeGreaterThan(0);
    expect(left.some((p) => p.author_user_id === member.userId)).toBe(false);
  });

  it('answers no 5xx when the member or others write about them while erasing, or it runs twice', async () => {
    const { member, friend, neighbour, orgCommunityId, directGroupId, memberPostId } = await busyMember(ctx);
    const stranger = await signUp(app);
    const round = (n: number) => [
      postIn(member, orgCommunityId, `race ${n}`),
      send(member, directGroupId, `race ${n}`),
      send(friend, directGroupId, `there ${n}?`),
      commentOn(neighbour, orgCommunityId, memberPostId, `reply ${n}`),
      call(app, 'friendRequest', { headers: stranger.headers, body: { user_id: member.userId } }),
    ];
    // Writes keep coming, round after round, until both erasures have answered: some land inside them.
    let erasing = true;
    const erasures = Promise.all([erase(member), erase(member)]).finally(() => {
      erasing = false;
    });
    const writes = [];
    for (let n = 0; erasing || n < 2; n += 1) writes.push(...(await Promise.all(round(n))));
    const both = await erasures;
    // Once it has answered, the member's own writes are refused as signed out, others' about them as gone.
    const after = await Promise.all(round(-1));
    for (const res of [...both, ...writes, ...after]) expect(res.statusCode, res.body).toBeLessThan(500);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect(after.slice(0, 2).map((r) => r.statusCode)).toEqual([401, 401]);
    expect(after[3]?.statusCode).toBe(404);
    expect(after[4]?.statusCode).toBe(404);
    expect(await placesNaming(deps.db, member.userId)).toEqual([]);
  });
});

describe('GET /user/export', () => {
  it('answers everything the member owns or wrote, files embedded', async () => {
    const { member, directGroupId, stranger } = await busyMember(ctx);
    const res = await exported(member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const doc = sectionsOf(res);
    expect(doc).toMatchObject({ format: ACCOUNT_EXPORT_FORMAT, version: 1, user_id: member.userId });
    expect(doc.account).toMatchObject({ email: member.email, username: member.username });
    expect(doc.profile).toMatchObject({ timezone: expect.any(String) });
    expect(doc.notes).toEqual({ tag_notes: 'slept well', mood_tags: ['calm', 'rested'] });
    for (const section of [
      'friends',
      'communities',
      'posts',
      'comments',
      'poll_votes',
      'messages',
      'moments',
      'moments_received',
      'activity_logs',
      'mood_history',
      'tags',
      'survey_answers',
      'lessons_hosted',
      'files',
      'pictures',
    ]) {
      expect(doc[section], section).toEqual(expect.any(Array));
      expect((doc[section] as unknown[]).length, section).toBeGreaterThan(0);
    }
    expect(doc.incentive_history).toEqual(expect.any(Array));
    expect(doc.blocks).toEqual([expect.objectContaining({ user_id: stranger.userId })]);
    expect(doc.messages).toContainEqual(
      expect.objectContaining({ group_id: directGroupId, message: 'hello friend' }),
    );
    const file = doc.files[0];
    expect(Buffer.from(file.data_base64 ?? '', 'base64').length).toBe(file.size);
  });

  it('holds the reminders, the weekly goal, the push preferences and the devices, never their keys', async () => {
    const { member } = await busyMember(ctx);
    const doc = sectionsOf(await exported(member));
    expect(doc.reminders).toEqual({
      mood: { enabled: true, time: '21:15' },
      activity: { enabled: false, time: '18:00', days: [1, 3, 5] },
    });
    expect(doc.weekly_goal).toEqual({ weekly_active_minutes: 150 });
    expect(doc.push_preferences).toEqual({
      messages: true,
      mentions: true,
      friend_requests: true,
      moments: false,
      calls: true,
      community: true,
      reminders: true,
      previews: true,
    });
    expect(doc.push_subscriptions).toEqual([
      { created_at: expect.any(String), user_agent: expect.any(String) },
    ]);
    const [device] = await deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, member.userId));
    const whole = JSON.stringify(doc);
    for (const secret of [device.endpoint, device.p256dh, device.auth]) expect(whole).not.toContain(secret);
  });
});

describe("GET /user/export: the member's own only", () => {
  it("holds each notification's type, time, read state and ids, never another member's words or email", async () => {
    const { member, friend, directGroupId, memberPostId } = await busyMember(ctx);
    const words = {
      message: `a private word ${friend.username}`,
      comment: `a comment of mine ${friend.username}`,
      dare: `a dare of mine ${friend.username}`,
    };
    const sent = async (res: Promise<{ statusCode: number }>) =>
      expect((await res).statusCode).toBeOneOf([200, 201]);
    await sent(send(friend, directGroupId, words.message));
    await sent(
      call(app, 'createUserPost', {
        headers: friend.headers,
        body: { message: 'for my friend', owner_user_id: member.userId },
      }),
    );
    const [orgPost] = await deps.db
      .select({ communityId: posts.communityId })
      .from(posts)
      .where(eq(posts.id, memberPostId));
    await sent(commentOn(friend, orgPost.communityId!, memberPostId, words.comment));
    await sent(
      call(app, 'createMoment', {
        headers: friend.headers,
        body: {
          factor: true,
          bg_app_id: AppId.GOJI_MOVE,
          message: words.dare,
          criteria: [{ name: 'distance', show: true }],
          participants: { friend_ids: [member.userId], community_ids: [] },
        },
      }),
    );
    const inbox = (await call(app, 'notifications', { headers: member.headers })).json().notifications;
    expect(JSON.stringify(inbox)).toContain(words.comment);

    const doc = sectionsOf(await exported(member));
    const whole = JSON.stringify(doc);
    for (const text of [...Object.values(words), friend.email]) expect(whole).not.toContain(text);
    expect(doc.notifications.length).toBe(inbox.length);
    for (const n of doc.notifications) {
      expect(Object.keys(n).sort()).toEqual([
        'community_id',
        'created_at',
        'notification_id',
        'points_to',
        'read',
        'type',
      ]);
    }
    const challenge = doc.notifications.find((n) => n.type === NotificationType.FRIENDLY_CHALLENGE);
    expect(challenge).toMatchObject({ read: false, points_to: { id: expect.any(Number) } });
    expect(Object.keys(challenge!.points_to)).not.toContain('description');
  });
});

describe('POST /user/import', () => {
  it('imports the personal part into a new account, and adds nothing the second time', async () => {
    const { member, stranger } = await busyMember(ctx);
    const doc = (await exported(member)).json();
    await call(app, 'updateUser', { headers: member.headers, body: { timezone: 'Europe/Paris' } });
    const fresh = await signUp(app);
    const first = await importJson(fresh, doc);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      profile: true,
      notes: true,
      activity_logs: 1,
      mood_history: 1,
      tags: 2,
      blocks: 1,
    });
    const again = await importJson(fresh, doc);
    expect(again.json()).toEqual({
      profile: true,
      notes: true,
      activity_logs: 0,
      mood_history: 0,
      tags: 0,
      blocks: 0,
    });
    const blocks = (await call(app, 'blocks', { headers: fresh.headers })).json().blocks;
    expect(blocks.map((b) => b.user_id)).toEqual([stranger.userId]);
    const profile = (await call(app, 'profile', { headers: fresh.headers })).json();
    expect(profile).toMatchObject({
      tag_notes: 'slept well',
      gojimoji: { mood: 3, tags: ['calm', 'rested'] },
    });
    const moods = await deps.db.select().from(moodHistory).where(eq(moodHistory.userId, fresh.userId));
    expect(moods).toHaveLength(1);
  });

  it('takes the export as a file of a multipart form, and two imports at once add it once', async () => {
    const source = await signUp(app);
    await call(app, 'updateUser', { headers: source.headers, body: { gojimoji: { mood: 2 } } });
    const doc = (await exported(source)).json();
    const fresh = await signUp(app);
    const file = { name: 'orbit-export.json', bytes: Buffer.from(JSON.stringify(doc)) };
    const both = await Promise.all([0, 1].map(() => uploaderTo(app)(fresh, 'importAccount', [file])));
    for (const res of both) expect(res.statusCode, res.body).toBe(200);
    expect(both.map((r) => r.json().mood_history).sort()).toEqual([0, 1]);
  });

  it('refuses what is not an Orbit export with 400 invalid_import, changing nothing', async () => {
    const fresh = await signUp(app);
    for (const body of [
      { hello: 1 },
      { format: ACCOUNT_EXPORT_FORMAT, version: 99 },
      { format: ACCOUNT_EXPORT_FORMAT, version: 1, mood_history: [{ mood: 'x' }] },
    ]) {
      const res = await importJson(fresh, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_import');
    }
    const bad = await importJson(fresh, {
      format: ACCOUNT_EXPORT_FORMAT,
      version: 1,
      mood_history: [{ mood: 2, set_at: new Date().toISOString() }],
      profile: { timezone: 'Nowhere/City' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await deps.db.select().from(moodHistory).where(eq(moodHistory.userId, fresh.userId))).toEqual([]);
  });
});
