import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type CommunityPostBody,
  PUSH_LIMITS,
  PUSH_PREFERENCE_DEFAULTS,
  type PushSubscriptionBody,
  PushType,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pushOutbox, pushSubscriptions, pushVapidKeys } from '../../db/schema';
import { findJanusBinary } from '../../platform/media/janus-process';
import { call, unchecked } from '../../test/call';
import { feedFixtures } from '../../test/feeds';
import { createTestApp, EVENTUALLY, signUp, type TestUser } from '../../test/harness';
import { TestMailServer, tokenIn } from '../../test/mail';
import { dareFriend as dareFromMembers, namedMember } from '../../test/members';
import { messagesClient } from '../../test/messages';
import { PushService, pushFixtures, type TestBrowser } from '../../test/push';
import { restNow } from '../../test/quiet';
import { anotherDevice } from '../../test/security';

// A push service in this process on 127.0.0.1, which PUSH_ALLOWED_HOSTS lets the server reach over http.
const service = await new PushService().start();
const smtp = await TestMailServer.start();
const ctx = await createTestApp({ pushAllowedHosts: ['127.0.0.1'], smtpUrl: smtp.url });
ctx.deps.mail.start();
afterAll(async () => {
  await service.close();
  await smtp.stop();
});
const { app, deps } = ctx;
const { befriend, friendsWithThread, sendOk } = messagesClient(app);
const feeds = feedFixtures(ctx);

/** Past the coalescing pause: what is queued is due. */
const later = (ms = 5_000) => Date.now() + ms;

const subscribe = (user: TestUser, body: PushSubscriptionBody) =>
  call(app, 'subscribePush', { headers: user.headers, body });
const subscriptionsOf = async (user: TestUser) =>
  (await call(app, 'pushSubscriptions', { headers: user.headers })).json().subscriptions;
const unsubscribe = (user: TestUser, id: number) =>
  call(app, 'unsubscribePush', { headers: user.headers, params: { id } });
const preferencesOf = async (user: TestUser) =>
  (await call(app, 'pushPreferences', { headers: user.headers })).json();
const askFriendship = (from: TestUser, to: TestUser) =>
  call(app, 'friendRequest', { headers: from.headers, body: { user_id: to.userId } });
const postInCommunity = (user: TestUser, body: CommunityPostBody) =>
  call(app, 'createCommunityPost', { headers: user.headers, body });

const { subscribed, setPreferences } = pushFixtures(app, service);

const dareFriend = (from: TestUser, to: TestUser) => dareFromMembers(app, from, to);

const subscribedMember = async () => {
  const member = await signUp(app);
  return { member, browser: await subscribed(member) };
};

/** An expert mentions `member` in a post of a new community of theirs. */
async function mentioned(member: TestUser) {
  const expert = await signUp(app);
  const id = await feeds.community(expert, [member]);
  const post = await postInCommunity(expert, {
    message: `look @${member.username}`,
    community_id: id,
    tagged_users: [member.userId],
  });
  expect(post.statusCode, post.body).toBe(200);
  return { id, postId: post.json().id };
}

const deliver = (now = later()) => deps.push.deliverDue(now);

beforeEach(() => service.clear());
afterEach(() => {
  expect(service.failures, 'pushes that did not decrypt or verify').toEqual([]);
  // Every payload is the five words of the contract, nothing else: no token, no email, no mood.
  for (const { payload } of service.received) {
    expect(Object.keys(payload).sort()).toEqual(['body', 'tag', 'title', 'type', 'url']);
    expect(JSON.stringify(payload)).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+|Bearer|token=/i);
  }
});

describe('GET /push/key', () => {
  it('answers the VAPID public key without a session: one pair, kept, the same for every instance', async () => {
    const res = await call(app, 'pushKey');
    expect(res.statusCode).toBe(200);
    const key = res.json().public_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    const point = Buffer.from(key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    const second = await createTestApp({}, ctx.database);
    const again = await call(second.app, 'pushKey');
    expect(again.json().public_key).toBe(key);
    expect(await deps.db.select().from(pushVapidKeys)).toHaveLength(1);
  });

  it('is VAPID_PUBLIC_KEY when the keys are configured', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const vapid = {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: ecdh.getPrivateKey().toString('base64url'),
    };
    const configured = await createTestApp({ vapid }, ctx.database);
    const res = await call(configured.app, 'pushKey');
    expect(res.json()).toEqual({ public_key: vapid.publicKey });
  });
});

describe('push subscriptions', () => {
  it('subscribes this device, answers the same id for the same endpoint, and lists devices without keys', async () => {
    const user = await signUp(app);
    const browser = service.browser();
    const first = await subscribe(user, browser.subscription());
    expect(first.statusCode).toBe(201);
    const id = first.json().subscription_id;
    const renewed = {
      ...browser.subscription(),
      keys: { ...browser.subscription().keys, auth: 'A'.repeat(22) },
    };
    const again = await subscribe(user, renewed);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ subscription_id: id });
    const [row] = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    expect(row.auth).toBe('A'.repeat(22));
    const list = await call(app, 'pushSubscriptions', { headers: user.headers });
    expect(list.json()).toEqual({
      subscriptions: [
        { subscription_id: id, created_at: expect.any(String), user_agent: 'lightMyRequest', current: true },
      ],
    });
  });

  it('lists a device of another sign-in as not current, and deletes only the member’s own', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const browser = await subscribed(user);
    const secondDevice = await anotherDevice(app, user);
    const [mine] = await subscriptionsOf(user);
    expect(await subscriptionsOf(secondDevice)).toEqual([{ ...mine, current: false }]);
    const theirs = await unsubscribe(other, mine.subscription_id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe('not_found');
    expect((await unsubscribe(secondDevice, mine.subscription_id)).statusCode).toBe(200);
    expect(await subscriptionsOf(user)).toEqual([]);
    expect(browser.endpoint).toBeTruthy();
  });

  it('refuses a bad subscription with 400 invalid_subscription and keeps nothing', async () => {
    const user = await signUp(app);
    const good = service.browser().subscription();
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const cases: PushSubscriptionBody[] = [
      {},
      { keys: good.keys },
      { endpoint: 42, keys: good.keys },
      { endpoint: 'not a url', keys: good.keys },
      { endpoint: 'http://push.example.com/x', keys: good.keys },
      { endpoint: 'https://10.0.0.7/push/x', keys: good.keys },
      { endpoint: 'https://127.0.0.2/push/x', keys: good.keys },
      { endpoint: 'https://169.254.169.254/latest', keys: good.keys },
      { endpoint: 'https://localhost/push/x', keys: good.keys },
      { endpoint: 'https://[::1]/push/x', keys: good.keys },
      { endpoint: 'ftp://127.0.0.1/x', keys: good.keys },
      { endpoint: good.endpoint },
      { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh } },
      { endpoint: good.endpoint, keys: { auth: good.keys.auth } },
      { endpoint: good.endpoint, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } },
      { endpoint: good.endpoint, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
      { endpoint: good.endpoint, keys: { ...good.keys, auth: Buffer.alloc(15).toString('base64url') } },
      { endpoint: good.endpoint, keys: { ...good.keys, auth: Buffer.alloc(17).toString('base64url') } },
      { endpoint: good.endpoint, keys: { ...good.keys, auth: 'not base64!' } },
    ];
    for (const body of cases) {
      const res = await subscribe(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toBe('invalid_subscription');
    }
    expect(
      await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.userId)),
    ).toEqual([]);
  });

  it(`keeps at most ${PUSH_LIMITS.subscriptions} subscriptions a member: the oldest goes`, async () => {
    const user = await signUp(app);
    const ids: number[] = [];
    for (let i = 0; i <= PUSH_LIMITS.subscriptions; i += 1) {
      ids.push((await subscribe(user, service.browser().subscription())).json().subscription_id);
    }
    const listed = await subscriptionsOf(user);
    expect(listed).toHaveLength(PUSH_LIMITS.subscriptions);
    expect(listed.map((s) => s.subscription_id)).not.toContain(ids[0]);
    expect(listed.map((s) => s.subscription_id)).toContain(ids[PUSH_LIMITS.subscriptions]);
  });

  it('needs a session', async () => {
    const res = await call(app, 'subscribePush', { body: service.browser().subscription() });
    expect(res.statusCode).toBe(401);
  });
});

describe('push preferences', () => {
  it('are all on but previews until changed; a PUT changes those named and answers them all', async () => {
    const user = await signUp(app);
    expect(await preferencesOf(user)).toEqual(PUSH_PREFERENCE_DEFAULTS);
    expect(await setPreferences(user, { previews: true, calls: false })).toEqual({
      ...PUSH_PREFERENCE_DEFAULTS,
      previews: true,
      calls: false,
    });
    expect(await setPreferences(user, { calls: true })).toEqual({
      ...PUSH_PREFERENCE_DEFAULTS,
      previews: true,
    });
    expect(await preferencesOf(user)).toEqual({
      ...PUSH_PREFERENCE_DEFAULTS,
      previews: true,
    });
  });

  it('refuses an unknown field or a wrong type with 400', async () => {
    const user = await signUp(app);
    for (const body of [{ sounds: true }, { messages: 'yes' }, { previews: { on: true } }]) {
      const res = await call(app, 'updatePushPreferences', { headers: user.headers, body: unchecked(body) });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('validation');
    }
    expect(await preferencesOf(user)).toEqual(PUSH_PREFERENCE_DEFAULTS);
  });
});

describe('what is pushed', () => {
  it('a private message: encrypted for the device, signed by the server’s key, its text left out by default', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const browser = await subscribed(b);
    const own = await subscribed(a);
    await sendOk(a, groupId, 'meet at the lake at six');
    // Nothing before the coalescing pause.
    expect(await deliver(Date.now())).toEqual({ sent: 0, retried: 0, dropped: 0 });
    expect(await deliver()).toEqual({ sent: 1, retried: 0, dropped: 0 });
    expect(service.to(own)).toEqual([]);
    const [push] = service.to(browser);
    expect(push.payload).toEqual({
      type: PushType.PM,
      title: 'New message',
      body: `A message from ${a.username}`,
      url: `/thread/${groupId}`,
      tag: `thread-${groupId}`,
    });
    expect(JSON.stringify(push.payload)).not.toContain('lake');
    const key = (await call(app, 'pushKey')).json().public_key;
    expect(push.publicKey).toBe(key);
    expect(push.claims.aud).toBe(service.origin);
    expect(push.claims.sub).toBe(deps.config.vapidSubject);
    expect(push.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(push.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    expect(push.headers.urgency).toBe('normal');
    expect(Number(push.headers.ttl)).toBeGreaterThan(PUSH_LIMITS.ttlSeconds - 60);
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(PUSH_LIMITS.ttlSeconds);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(await deps.db.select().from(pushOutbox)).toEqual([]);
  });

  it('with previews on, the message’s first 140 characters', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const browser = await subscribed(b);
    await setPreferences(b, { previews: true });
    const long = `${'walk '.repeat(40)}end`;
    await sendOk(a, groupId, long);
    await deliver();
    const [push] = service.to(browser);
    expect(push.payload.title).toBe(`Message from ${a.username}`);
    expect(push.payload.body).toBe(`${long.slice(0, PUSH_LIMITS.preview - 1)}…`);
    expect(push.payload.body).toHaveLength(PUSH_LIMITS.preview);
  });

  it('to every device of the member, each encrypted with its own keys', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const [one, two] = [await subscribed(b), await subscribed(b)];
    await sendOk(a, groupId, 'hello');
    expect((await deliver()).sent).toBe(2);
    expect(service.to(one)).toHaveLength(1);
    expect(service.to(two)).toHaveLength(1);
  });

  it('coalesces a burst in one thread into one push, the newest', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const browser = await subscribed(b);
    await setPreferences(b, { previews: true });
    for (const text of ['one', 'two', 'three', 'four', 'five']) await sendOk(a, groupId, text);
    expect(await deliver()).toEqual({ sent: 1, retried: 0, dropped: 0 });
    expect(service.to(browser).map((p) => p.payload.body)).toEqual(['five']);
  });

  /** A message to `b` after `quieten(b)` reaches none of their devices. */
  const silencedBy = (quieten: (b: TestUser) => Promise<unknown>) => async () => {
    const { a, b, groupId } = await friendsWithThread();
    const browser = await subscribed(b);
    await quieten(b);
    await sendOk(a, groupId, 'hello');
    expect((await deliver()).sent).toBe(0);
    expect(service.to(browser)).toEqual([]);
  };

  it(
    'nothing when the member turned that kind off',
    silencedBy((b) => setPreferences(b, { messages: false })),
  );

  it(
    'nothing during the member’s quiet hours',
    silencedBy((b) => restNow(app, b)),
  );

  it(
    'nothing at the notification level that leaves the kind out',
    silencedBy(async (b) => {
      const level = await call(app, 'notificationLevel', {
        headers: b.headers,
        params: { id: b.userId },
        body: { notification_level: 0 },
      });
      expect(level.statusCode).toBe(200);
    }),
  );

  it('nothing to a member blocked by the sender, nor to one who blocked them, in a group thread', async () => {
    const [creator, blocker, blocked] = [await signUp(app), await signUp(app), await signUp(app)];
    await befriend(creator, blocker);
    await befriend(creator, blocked);
    const group = await call(app, 'createMessageGroup', {
      headers: creator.headers,
      body: { user_ids: [blocker.userId, blocked.userId], name: 'Walk' },
    });
    const groupId = group.json().id;
    const [toCreator, toBlocker, toBlocked] = [
      await subscribed(creator),
      await subscribed(blocker),
      await subscribed(blocked),
    ];
    const block = await call(app, 'block', { headers: blocker.headers, params: { user_id: blocked.userId } });
    expect(block.statusCode).toBe(200);
    await sendOk(blocked, groupId, 'from the blocked');
    await sendOk(blocker, groupId, 'from the blocker');
    await deliver();
    expect(service.to(toBlocker)).toEqual([]);
    expect(service.to(toBlocked)).toEqual([]);
    expect(service.to(toCreator)).toHaveLength(1);
  });

  it('a friend request, opening the requests', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const browser = await subscribed(b);
    expect((await askFriendship(a, b)).statusCode).toBe(200);
    await deliver();
    expect(service.to(browser).map((p) => p.payload)).toEqual([
      {
        type: PushType.FRIEND_REQUEST,
        title: 'Friend request',
        body: `${a.username} sent you a friend request`,
        url: '/requests',
        tag: `friend-${a.userId}`,
      },
    ]);
  });

  it('an @mention, opening the post in its community', async () => {
    const { member, browser } = await subscribedMember();
    const { id, postId } = await mentioned(member);
    await deliver();
    expect(service.to(browser).map((p) => p.payload)).toEqual([
      {
        type: PushType.MENTION,
        title: 'You were mentioned',
        body: 'You were mentioned in a post',
        url: `/community/${id}/post/${postId}`,
        tag: `post-${postId}`,
      },
    ]);
  });

  it('an expert’s post in a member’s community; not a member’s post, not to the author', async () => {
    const [expert, member, other] = [await signUp(app), await signUp(app), await signUp(app)];
    const id = await feeds.community(expert, [member, other]);
    const [toExpert, toMember, toOther] = [
      await subscribed(expert),
      await subscribed(member),
      await subscribed(other),
    ];
    await setPreferences(other, { community: false });
    const post = await postInCommunity(expert, { message: 'Walk at nine', community_id: id });
    expect(post.statusCode, post.body).toBe(200);
    const ordinary = await postInCommunity(member, { message: 'me too', community_id: id });
    expect(ordinary.statusCode, ordinary.body).toBe(200);
    await deliver();
    expect(service.to(toMember).map((p) => p.payload)).toEqual([
      {
        type: PushType.COMMUNITY,
        title: 'Walkers',
        body: `A new post from ${expert.username}`,
        url: `/community/${id}/post/${post.json().id}`,
        tag: `post-${post.json().id}`,
      },
    ]);
    expect(service.to(toExpert)).toEqual([]);
    expect(service.to(toOther)).toEqual([]);
  });

  it('an @mention with that switch off: nothing', async () => {
    const { member, browser } = await subscribedMember();
    await setPreferences(member, { mentions: false });
    await mentioned(member);
    await deliver();
    expect(service.to(browser)).toEqual([]);
  });

  it('a friend request with that switch off: nothing', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const browser = await subscribed(b);
    await setPreferences(b, { friend_requests: false });
    expect((await askFriendship(a, b)).statusCode).toBe(200);
    await deliver();
    expect(service.to(browser)).toEqual([]);
  });

  it('a moment with that switch off: nothing', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await befriend(a, b);
    const browser = await subscribed(b);
    await setPreferences(b, { moments: false });
    await dareFriend(a, b);
    await deliver();
    expect(service.to(browser)).toEqual([]);
  });

  it('a moment (a dare) received, opening the notifications; its words only with previews on', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await befriend(a, b);
    const browser = await subscribed(b);
    const dare = await dareFriend(a, b);
    await deliver();
    expect(service.to(browser).map((p) => p.payload)).toEqual([
      {
        type: PushType.MOMENT,
        title: 'Friendly challenge',
        body: `${a.username} challenged you`,
        url: '/notifications',
        tag: `moment-${dare.json().moment_id}`,
      },
    ]);
  });
});

// A call and a live session need their rooms on a real Janus (as their own tests do); without the binary those
// tests say so.
describe.runIf(findJanusBinary())('on a real Janus', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-push-calls-'));
  const calling = await createTestApp({ dataDir, pushAllowedHosts: ['127.0.0.1'] }, ctx.database);
  await calling.deps.media.start();
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('rings at once, with Urgency high and a minute to live, naming the caller as the callee knows them', async () => {
    const [a, b] = [await namedMember(ctx, 'Ada', 'Park'), await signUp(app)];
    await befriend(a, b);
    const browser = await subscribed(b);
    const started = await call(calling.app, 'startCall', {
      headers: a.headers,
      body: { attendees: [b.userId] },
    });
    expect(started.statusCode, started.body).toBe(200);
    const callId = started.json().id;
    expect(await calling.deps.push.deliverDue(Date.now())).toMatchObject({ sent: 1 });
    const [push] = service.to(browser);
    expect(push.payload).toEqual({
      type: PushType.CALL,
      title: 'Incoming call',
      body: 'Ada Park is calling',
      url: `/call/${callId}`,
      tag: `call-${callId}`,
    });
    expect(push.headers.urgency).toBe('high');
    expect(Number(push.headers.ttl)).toBeLessThanOrEqual(PUSH_LIMITS.callTtlSeconds);
    expect(Number(push.headers.ttl)).toBeGreaterThan(PUSH_LIMITS.callTtlSeconds - 10);
  });

  it('a call with that switch off: nothing', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await befriend(a, b);
    const browser = await subscribed(b);
    await setPreferences(b, { calls: false });
    const started = await call(calling.app, 'startCall', {
      headers: a.headers,
      body: { attendees: [b.userId] },
    });
    expect(started.statusCode, started.body).toBe(200);
    await calling.deps.push.deliverDue(Date.now());
    expect(service.to(browser)).toEqual([]);
  });

  it('a live session starting in a member’s community; not to its expert, nor to a member who blocked them', async () => {
    const [expert, member, reader, blocker] = [
      await signUp(app),
      await signUp(app),
      await signUp(app),
      await signUp(app),
    ];
    const id = await feeds.community(expert, [member, reader, blocker]);
    const [toExpert, toMember, toReader, toBlocker] = [
      await subscribed(expert),
      await subscribed(member),
      await subscribed(reader),
      await subscribed(blocker),
    ];
    await setPreferences(reader, { previews: true });
    const block = await call(app, 'block', { headers: blocker.headers, params: { user_id: expert.userId } });
    expect(block.statusCode, block.body).toBe(200);
    const started = await call(calling.app, 'createLesson', {
      headers: expert.headers,
      params: { id },
      body: { name: 'Morning stretch', description: '' },
    });
    expect(started.statusCode, started.body).toBe(201);
    await calling.deps.push.deliverDue(later());
    const lessonPush = { type: PushType.COMMUNITY, title: 'Walkers', url: `/community/${id}/sessions/${id}` };
    const tag = `lesson-${started.json().id}`;
    expect(service.to(toMember).map((p) => p.payload)).toEqual([
      { ...lessonPush, body: `${expert.username} started a live session`, tag },
    ]);
    expect(service.to(toReader).map((p) => p.payload)).toEqual([
      { ...lessonPush, body: `${expert.username} is live: Morning stretch`, tag },
    ]);
    expect(service.to(toExpert)).toEqual([]);
    expect(service.to(toBlocker)).toEqual([]);
    const ended = await call(calling.app, 'endLesson', {
      headers: expert.headers,
      params: { id, sessionId: started.json().id },
    });
    expect(ended.statusCode, ended.body).toBe(200);
  });
});

describe('delivery', () => {
  it('a 404 or 410 from the push service deletes the subscription', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const [gone, expired] = [await subscribed(b), await subscribed(b)];
    service.answerNext(gone, 410);
    service.answerNext(expired, 404);
    await sendOk(a, groupId, 'hello');
    expect(await deliver()).toEqual({ sent: 0, retried: 0, dropped: 2 });
    expect(
      await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, b.userId)),
    ).toEqual([]);
    expect(await deps.db.select().from(pushOutbox)).toEqual([]);
  });

  /** A message whose first send is answered `status` with Retry-After: retried, not before it, then sent once. */
  async function expectRetriedAfter(status: number, seconds: number) {
    const { a, b, groupId } = await friendsWithThread();
    const browser = await subscribed(b);
    service.answerNext(browser, status, { 'retry-after': String(seconds) });
    await sendOk(a, groupId, 'hello');
    const first = later();
    expect(await deliver(first)).toEqual({ sent: 0, retried: 1, dropped: 0 });
    expect(await deliver(first + (seconds - 10) * 1000)).toEqual({ sent: 0, retried: 0, dropped: 0 });
    expect(await deliver(first + (seconds + 1) * 1000)).toEqual({ sent: 1, retried: 0, dropped: 0 });
    expect(service.to(browser).map((p) => p.payload.body)).toEqual([`A message from ${a.username}`]);
    return { a, browser, groupId, first };
  }

  it('a 503 is retried after Retry-After with the same payload, until the time to live has passed', async () => {
    const { a, browser, groupId, first } = await expectRetriedAfter(503, 30);
    service.answerNext(browser, 500);
    await sendOk(a, groupId, 'again');
    expect((await deliver(first)).retried).toBe(1);
    expect(await deliver(first + (PUSH_LIMITS.ttlSeconds + 10) * 1000)).toEqual({
      sent: 0,
      retried: 0,
      dropped: 1,
    });
    expect(await deps.db.select().from(pushOutbox)).toEqual([]);
  });

  it('checks the endpoint again at every send: one no longer allowed is refused, nothing sent', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const browser = await subscribed(b);
    await sendOk(a, groupId, 'hello');
    // An instance whose PUSH_ALLOWED_HOSTS no longer lists the loopback push service.
    const strict = await createTestApp({}, ctx.database);
    expect(await strict.deps.push.deliverDue(later())).toEqual({ sent: 0, retried: 0, dropped: 1 });
    expect(service.to(browser)).toEqual([]);
    await strict.close();
  });

  it('a 429 is retried after its Retry-After too', async () => {
    await expectRetriedAfter(429, 60);
  });

  it('two instances sending at once send each push once', async () => {
    const second = await createTestApp({ pushAllowedHosts: ['127.0.0.1'] }, ctx.database);
    const senders: { a: TestUser; groupId: number }[] = [];
    const browsers: TestBrowser[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { a, b, groupId } = await friendsWithThread();
      browsers.push(await subscribed(b));
      senders.push({ a, groupId });
    }
    for (const { a, groupId } of senders) await sendOk(a, groupId, 'hi');
    const now = later();
    const [one, two] = await Promise.all([deps.push.deliverDue(now), second.deps.push.deliverDue(now)]);
    expect(one.sent + two.sent).toBe(6);
    for (const browser of browsers) expect(service.to(browser)).toHaveLength(1);
  });
});

describe('a started worker', async () => {
  // Its own database, so that its passes take nothing the other tests deliver themselves.
  const running = await createTestApp({ pushAllowedHosts: ['127.0.0.1'] });
  running.deps.push.start();

  it('sends what a commit queued by itself, once the coalescing pause has passed', async () => {
    const [a, b] = [await signUp(running.app), await signUp(running.app)];
    const browser = service.browser();
    const made = await call(running.app, 'subscribePush', {
      headers: b.headers,
      body: browser.subscription(),
    });
    expect(made.statusCode).toBe(201);
    const asked = await call(running.app, 'friendRequest', {
      headers: a.headers,
      body: { user_id: b.userId },
    });
    expect(asked.statusCode).toBe(200);
    await vi.waitFor(() => expect(service.to(browser)).toHaveLength(1), EVENTUALLY);
    expect(service.to(browser)[0].payload.type).toBe(PushType.FRIEND_REQUEST);
  });
});

describe('subscriptions end with their device', () => {
  const pushesTo = async (user: TestUser) =>
    deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.userId));

  it('signing out ends this device’s subscription, and no push reaches it', async () => {
    const { a, b, groupId } = await friendsWithThread();
    const browser = await subscribed(b);
    expect((await call(app, 'logout', { headers: b.headers })).statusCode).toBeLessThan(300);
    expect(await pushesTo(b)).toEqual([]);
    await sendOk(a, groupId, 'hello');
    await deliver();
    expect(service.to(browser)).toEqual([]);
  });

  it('revoking a device ends its subscription, not the others’', async () => {
    const user = await signUp(app);
    const phone = await anotherDevice(app, user);
    await subscribed(user);
    await subscribed(phone);
    const { sessions } = (await call(app, 'deviceSessions', { headers: user.headers })).json();
    const [phoneSession] = sessions.filter((s) => !s.current);
    const revoked = await call(app, 'revokeDeviceSession', {
      headers: user.headers,
      params: { session_id: phoneSession.session_id },
    });
    expect(revoked.statusCode).toBe(200);
    const left = await subscriptionsOf(user);
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });

  it('a password reset ends every subscription of the member', async () => {
    const user = await signUp(app);
    await subscribed(user);
    expect((await call(app, 'forgotPassword', { body: { identity: user.email } })).statusCode).toBe(202);
    const token = tokenIn(await smtp.waitFor(user.email));
    const reset = await call(app, 'resetPassword', { body: { token, password: 'Fresh-orbit-93' } });
    expect(reset.statusCode).toBe(200);
    expect(await pushesTo(user)).toEqual([]);
  });

  it('erasing the account ends every subscription and what was queued for it', async () => {
    const { a, b, groupId } = await friendsWithThread();
    await subscribed(b);
    await sendOk(a, groupId, 'hello');
    expect(await deps.db.select().from(pushOutbox)).toHaveLength(1);
    const erased = await call(app, 'eraseAccount', { headers: b.headers, body: { password: b.password } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await pushesTo(b)).toEqual([]);
    expect(await deps.db.select().from(pushOutbox)).toEqual([]);
  });
});
