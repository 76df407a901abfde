import { EventSubtype, EventType, FriendDirection, PrivacySetting, StarType } from '@orbit/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, organizationMembers, organizations, users } from '../../db/schema';
import { call } from '../../test/call';
import { createTestApp, signUp, type TestUser, uniqueName } from '../../test/harness';
import {
  FACE_COLUMNS,
  type FaceRow,
  faceSeenBy,
  facesJsonSql,
  presentMemberFace,
  seesPersona,
} from '../faces';

const ctx = await createTestApp();
const { app } = ctx;

const request = (from: TestUser, to: TestUser, message?: string | null) =>
  call(app, 'friendRequest', { headers: from.headers, body: { user_id: to.userId, message } });
const friends = (user: TestUser) => call(app, 'friends', { headers: user.headers });
const requests = (user: TestUser) => call(app, 'friendRequests', { headers: user.headers });
const withdraw = (from: TestUser, to: TestUser) =>
  call(app, 'withdrawFriendRequest', { headers: from.headers, query: { user_id: to.userId } });
const unfriend = (user: TestUser, friend: TestUser) =>
  call(app, 'unfriend', { headers: user.headers, query: { user_id: friend.userId } });
const makeFriends = async (a: TestUser, b: TestUser) => {
  expect((await request(a, b)).json()).toEqual({ status: 'sent' });
  expect((await request(b, a)).json()).toEqual({ status: 'accepted' });
};
const makePrivate = async (user: TestUser, alias: string) => {
  await ctx.deps.db.update(users).set({ privacySetting: 2, alias }).where(eq(users.id, user.userId));
};
const eventsOf = (user: TestUser) =>
  ctx.deps.db
    .select({ type: events.type, subtype: events.subtype, data: events.data })
    .from(events)
    .where(eq(events.recipientId, user.userId))
    .orderBy(asc(events.seq));
const starsOf = async (user: TestUser) =>
  (await call(app, 'profiles', { headers: user.headers })).json().stars;

describe('PUT /user/friends/request', () => {
  it('sends with a message, then the other member accepts by asking back: both become friends', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    expect((await request(a, b, '  Hi there  ')).statusCode).toBe(200);
    const pending = (await requests(b)).json();
    expect(pending.incoming[String(a.userId)]).toMatchObject({
      user_id: a.userId,
      screen_name: a.username,
      avatar_image: 'av1',
      message: 'Hi there',
    });
    expect(Date.parse(pending.incoming[String(a.userId)].modified_time)).not.toBeNaN();
    expect(pending.outgoing).toEqual({});
    expect((await requests(a)).json().outgoing[String(b.userId)]).toMatchObject({
      user_id: b.userId,
      message: 'Hi there',
    });

    expect((await request(b, a)).json()).toEqual({ status: 'accepted' });
    for (const [me, other] of [
      [a, b],
      [b, a],
    ]) {
      expect((await friends(me)).json().friends).toEqual({
        [String(other.userId)]: {
          user_id: other.userId,
          name: other.username,
          screen_name: other.username,
          avatar_image: 'av1',
          image_url: null,
        },
      });
      expect((await requests(me)).json()).toEqual({ incoming: {}, outgoing: {} });
    }
    expect((await call(app, 'portalFriends', { headers: a.headers })).json()).toEqual(
      (await friends(a)).json(),
    );
  });

  it('treats a blank message or the placeholder text as none', async () => {
    const [a, b, c] = [await signUp(app), await signUp(app), await signUp(app)];
    await request(a, b, '   ');
    await request(a, c, 'message');
    const outgoing = (await requests(a)).json().outgoing;
    expect(outgoing[String(b.userId)].message).toBeNull();
    expect(outgoing[String(c.userId)].message).toBeNull();
  });

  it('refuses a message over 280 characters, and takes exactly 280', async () => {
    const [a, b, c] = [await signUp(app), await signUp(app), await signUp(app)];
    const long = await request(a, b, 'x'.repeat(281));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('message_too_long');
    expect((await request(a, c, 'x'.repeat(280))).statusCode).toBe(200);
  });

  it('refuses oneself, an unknown member, a friend and a duplicate request', async () => {
    const [a, b, c] = [await signUp(app), await signUp(app), await signUp(app)];
    const self = await request(a, a);
    expect([self.statusCode, self.json().error]).toEqual([400, 'self_request']);
    const unknown = await call(app, 'friendRequest', {
      headers: a.headers,
      body: { user_id: 2_000_000_000 },
    });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'not_found']);
    await makeFriends(a, b);
    const friend = await request(a, b);
    expect([friend.statusCode, friend.json().error]).toEqual([409, 'already_friends']);
    await request(a, c);
    const duplicate = await request(a, c);
    expect([duplicate.statusCode, duplicate.json().error]).toEqual([409, 'duplicate_request']);
    expect(Object.keys((await requests(c)).json().incoming)).toEqual([String(a.userId)]);
  });

  it('keeps one friendship when both members ask each other at the same moment', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const answers = await Promise.all([request(a, b), request(b, a)]);
    expect(answers.map((r) => r.json().status).sort()).toEqual(['accepted', 'sent']);
    expect(Object.keys((await friends(a)).json().friends)).toEqual([String(b.userId)]);
    expect((await requests(b)).json()).toEqual({ incoming: {}, outgoing: {} });
  });

  it('tells the recipient (SENT), the requester (ACCEPT) and both home views (USER_PROFILES)', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await request(a, b, 'hello');
    const toB = await eventsOf(b);
    expect(toB).toContainEqual({
      type: EventType.FRIEND_REQUEST,
      subtype: EventSubtype.SENT,
      data: expect.objectContaining({ user_id: a.userId, message: 'hello' }),
    });
    expect(toB.filter((e) => e.type === EventType.USER_PROFILES)).toHaveLength(1);
    expect((await eventsOf(a)).filter((e) => e.type === EventType.USER_PROFILES)).toHaveLength(1);

    await request(b, a);
    expect(await eventsOf(a)).toContainEqual({
      type: EventType.FRIEND_REQUEST,
      subtype: EventSubtype.ACCEPT,
      data: expect.objectContaining({ user_id: b.userId, screen_name: b.username }),
    });
    expect((await eventsOf(b)).filter((e) => e.type === EventType.USER_PROFILES)).toHaveLength(2);
  });

  it('writes nothing when it refuses', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await request(a, b);
    const before = (await eventsOf(b)).length;
    expect((await request(a, b)).statusCode).toBe(409);
    expect(await eventsOf(b)).toHaveLength(before);
  });
});

describe('DELETE /user/friends/request', () => {
  it('declines an incoming request and cancels an outgoing one, telling the other member (REJECT)', async () => {
    const [a, b, c] = [await signUp(app), await signUp(app), await signUp(app)];
    await request(a, b);
    expect((await withdraw(b, a)).statusCode).toBe(200);
    expect((await requests(a)).json().outgoing).toEqual({});
    expect(await eventsOf(a)).toContainEqual({
      type: EventType.FRIEND_REQUEST,
      subtype: EventSubtype.REJECT,
      data: { user_id: b.userId },
    });
    expect((await starsOf(a)).some((s) => s.user_id === b.userId)).toBe(false);

    await request(a, c);
    expect((await withdraw(a, c)).statusCode).toBe(200);
    expect((await requests(c)).json().incoming).toEqual({});
    expect((await eventsOf(c)).some((e) => e.subtype === EventSubtype.REJECT)).toBe(true);
  });

  it('answers 404 when there is no request between the two', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const res = await withdraw(a, b);
    expect([res.statusCode, res.json().error]).toEqual([404, 'not_found']);
  });
});

describe('DELETE /user/friends', () => {
  it('unfriends both ways and removes each from the other home view', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await makeFriends(a, b);
    expect((await starsOf(a)).some((s) => s.star_type === StarType.FRIEND && s.user_id === b.userId)).toBe(
      true,
    );
    expect((await unfriend(a, b)).statusCode).toBe(200);
    expect((await friends(b)).json().friends).toEqual({});
    expect((await starsOf(a)).some((s) => s.user_id === b.userId)).toBe(false);
    expect((await starsOf(b)).some((s) => s.user_id === a.userId)).toBe(false);
    const again = await unfriend(a, b);
    expect([again.statusCode, again.json().error]).toEqual([404, 'not_found']);
  });
});

describe('GET /user/friends-of-friend', () => {
  it("lists a friend's friends, faced by privacy, and refuses a non-friend with 403", async () => {
    const [a, b, c, d] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    await makeFriends(a, b);
    await makeFriends(b, c);
    const alias = uniqueName('Av').slice(0, 12);
    await makePrivate(c, alias);
    for (const spelling of ['friendsOfFriend', 'friendsOfFriendSlash'] as const) {
      const res = (await call(app, spelling, { headers: a.headers, query: { id: b.userId } })).json();
      expect(Object.keys(res.friends).sort()).toEqual([String(a.userId), String(c.userId)].sort());
      expect(res.friends[String(c.userId)]).toMatchObject({
        screen_name: alias,
        image_url: '/api/v3/avatars/av1.png',
      });
    }
    const refused = await call(app, 'friendsOfFriend', { headers: d.headers, query: { id: b.userId } });
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'not_friends']);
  });
});

describe('GET /user/connections', () => {
  it('lists friends by display name and an empty community list', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await makeFriends(a, b);
    expect((await call(app, 'connections', { headers: a.headers })).json()).toEqual({
      friends: [{ id: b.userId, display_name: b.username }],
      communities: [],
    });
  });
});

describe('GET /users', () => {
  it('lists members of my organisations only, with friend status and request direction, paged', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => signUp(app)));
    const outsider = await signUp(app);
    const [org] = await ctx.deps.db
      .insert(organizations)
      .values({ name: uniqueName('org') })
      .returning();
    await ctx.deps.db
      .insert(organizationMembers)
      .values(members.map((m) => ({ organizationId: org.id, userId: m.userId })));
    const [me, friend, asker, asked] = members;
    await makeFriends(me, friend);
    await request(asker, me);
    await request(me, asked);
    const res = (await call(app, 'members', { headers: me.headers })).json();
    const byId = new Map(res.users.map((u) => [u.user_id, u]));
    expect([...byId.keys()].sort()).toEqual([friend, asker, asked].map((m) => m.userId).sort());
    expect(byId.has(outsider.userId)).toBe(false);
    expect(byId.get(friend.userId)).toMatchObject({ is_friend: true, direction: null });
    expect(byId.get(asker.userId)).toMatchObject({ is_friend: false, direction: FriendDirection.INCOMING });
    expect(byId.get(asked.userId)).toMatchObject({ is_friend: false, direction: FriendDirection.OUTGOING });
    expect(res).toMatchObject({ older_key: null, newer_key: null });
    const bad = await call(app, 'members', { headers: me.headers, query: { page_key: 'nonsense' } });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'invalid_page_key']);
  });
});

describe('GET /user/profile of another member', () => {
  it('shows a private member persona to friends only, with the friend status', async () => {
    const [a, b, c] = [await signUp(app), await signUp(app), await signUp(app)];
    const alias = uniqueName('Pv').slice(0, 12);
    await makePrivate(b, alias);
    const view = async (viewer: TestUser) =>
      (await call(app, 'profile', { headers: viewer.headers, query: { user_id: b.userId } })).json();
    expect(await view(c)).toMatchObject({ screen_name: alias, persona_image: null, is_friend: false });
    await request(b, c);
    expect(await view(c)).toMatchObject({ screen_name: alias, direction: FriendDirection.INCOMING });
    await makeFriends(a, b);
    expect(await view(a)).toMatchObject({
      screen_name: b.username,
      persona_image: { type: 1, value: 'other' },
      is_friend: true,
      direction: null,
    });
  });
});

describe('friend request rate limit', () => {
  it('answers 429 after 60 requests a minute', async () => {
    const limited = await createTestApp({ rateLimitFactor: 1 });
    const a = await signUp(limited.app);
    const others = await limited.deps.db
      .insert(users)
      .values(
        Array.from({ length: 61 }, () => {
          const username = uniqueName('rl');
          return { username, email: `${username}@example.test`, passwordHash: 'x' };
        }),
      )
      .returning({ id: users.id });
    const statuses: number[] = [];
    for (const other of others) {
      const res = await call(limited.app, 'friendRequest', {
        headers: a.headers,
        body: { user_id: other.id },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('faces from their columns', () => {
  it('makes a face from the face columns alone, or their JSON, as from the whole row', async () => {
    const member = await signUp(app);
    await ctx.deps.db
      .update(users)
      .set({
        privacySetting: PrivacySetting.PRIVATE,
        alias: `alias${member.userId}`,
        firstName: 'Ada',
        avatarImage: 'av7',
        personaType: 2,
        personaValue: '42',
        mood: 4,
        moodTags: ['calm'],
      })
      .where(eq(users.id, member.userId));
    const [whole] = await ctx.deps.db.select().from(users).where(eq(users.id, member.userId));
    const [columns] = await ctx.deps.db.select(FACE_COLUMNS).from(users).where(eq(users.id, member.userId));
    const viewer = await signUp(app);
    const jsonFaces = async () => {
      const [row] = await ctx.deps.db
        .execute(
          sql`SELECT ${facesJsonSql(sql`${viewer.userId}::int`, sql`ARRAY[${member.userId}]`)} AS faces`,
        )
        .then((r) => (r as unknown as { rows: { faces: (FaceRow & { isFriend: boolean })[] }[] }).rows);
      return row?.faces ?? [];
    };
    const [asJson] = await jsonFaces();
    if (!whole || !columns || !asJson) throw new Error('the member is gone');
    expect(asJson.isFriend).toBe(false);
    await makeFriends(viewer, member);
    expect((await jsonFaces())[0]?.isFriend).toBe(true);
    for (const seen of [
      { self: true, isFriend: false },
      { self: false, isFriend: true },
      { self: false, isFriend: false },
    ]) {
      const fromWhole = presentMemberFace(whole, seesPersona(whole, seen));
      expect(faceSeenBy(columns, seen)).toEqual(fromWhole);
      expect(faceSeenBy(asJson, seen)).toEqual(fromWhole);
    }
  });
});
