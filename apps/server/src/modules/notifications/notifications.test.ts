import {
  ChallengeStatus,
  EventSubtype,
  EventType,
  MAINTENANCE_BODY_MAX,
  type MaintenanceBody,
  NOTIFICATIONS_LIST_MAX,
  NotificationType,
  OrgRole,
} from '@orbit/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, notifications, organizationMembers, organizations, users } from '../../db/schema';
import { unitOfWork } from '../../deps';
import { inTransaction } from '../../platform/tx';
import { call } from '../../test/call';
import { createTestApp, signUp, type TestUser, uniqueName } from '../../test/harness';
import { presentMemberFace } from '../faces';
import { challengeNotification, notify } from './service';

const ctx = await createTestApp();
const { app, deps } = ctx;

const listOf = async (user: TestUser) => (await call(app, 'notifications', { headers: user.headers })).json();
const notifQty = async (user: TestUser) =>
  (await call(app, 'profiles', { headers: user.headers })).json().notif_qty;
const askFriendship = (from: TestUser, to: TestUser) =>
  call(app, 'friendRequest', { headers: from.headers, body: { user_id: to.userId } });
const announce = (who: TestUser, body: MaintenanceBody) =>
  call(app, 'announceMaintenance', { headers: who.headers, body });
const readOne = (user: TestUser, id: number) =>
  call(app, 'readNotification', { headers: user.headers, params: { id } });
const accept = (user: TestUser, id: number) =>
  call(app, 'acceptChallenge', { headers: user.headers, params: { id } });
const setLevel = (user: TestUser, level: number) =>
  deps.db.update(users).set({ notificationLevel: level }).where(eq(users.id, user.userId));
const notificationRows = (user: TestUser) =>
  deps.db.$count(notifications, eq(notifications.userId, user.userId));
const notificationEvents = (user: TestUser) =>
  deps.db
    .select({ type: events.type, subtype: events.subtype, data: events.data })
    .from(events)
    .where(and(eq(events.recipientId, user.userId), eq(events.type, EventType.NOTIFICATION)))
    .orderBy(asc(events.seq));

async function organisationOf(members: TestUser[], admin?: TestUser) {
  const [org] = await deps.db
    .insert(organizations)
    .values({ name: uniqueName('org') })
    .returning();
  await deps.db.insert(organizationMembers).values(
    members.map((m) => ({
      organizationId: org.id,
      userId: m.userId,
      orgRoles: m === admin ? [OrgRole.ADMIN] : [OrgRole.MEMBER],
    })),
  );
  return org;
}

async function challenge(to: TestUser, from: TestUser) {
  const [challenger] = await deps.db.select().from(users).where(eq(users.id, from.userId));
  await inTransaction(unitOfWork(deps), (work) =>
    notify(
      work,
      [to.userId],
      challengeNotification(presentMemberFace(challenger, true), {
        id: 7,
        name: 'Distance dare',
        description: 'Beat me',
        start_date: new Date('2026-01-01T00:00:00Z'),
        end_date: new Date('2026-01-08T00:00:00Z'),
        metric: 'DISTANCE',
        metric_goal: 5,
      }),
    ),
  );
  return (await listOf(to)).notifications[0];
}

describe('notify', () => {
  it('a friend request notifies its recipient with the docs/product/realtime.md#notification-types entity, the event and notif_qty', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await askFriendship(a, b);
    const list = await listOf(b);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toHaveLength(1);
    const [entity] = list.notifications;
    expect(entity).toMatchObject({
      type: NotificationType.FRIEND_STAR,
      read: false,
      title: 'Friend request',
      body: `${a.username} sent you a friend request`,
      source: a.username,
      community_id: null,
      color: null,
      data: { user_id: a.userId },
    });
    expect(Date.parse(entity.create_time)).not.toBeNaN();
    expect(typeof entity.notification_id).toBe('number');
    expect(await notificationEvents(b)).toEqual([
      {
        type: EventType.NOTIFICATION,
        subtype: EventSubtype.NEW,
        data: { notification: entity, unreadCount: 1 },
      },
    ]);
    expect(await notifQty(b)).toBe(1);
    expect((await listOf(a)).unreadCount).toBe(0);
  });

  it('level 0 creates nothing and sends no event', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await setLevel(b, 0);
    await askFriendship(a, b);
    expect(await listOf(b)).toEqual({ notifications: [], unreadCount: 0 });
    expect(await notificationEvents(b)).toEqual([]);
    expect(await notifQty(b)).toBe(0);
  });

  it('level 1 keeps direct notifications (friend requests, challenges) and drops broadcasts (maintenance)', async () => {
    const [admin, partial, full] = [await signUp(app), await signUp(app), await signUp(app)];
    await setLevel(partial, 1);
    await organisationOf([admin, partial, full], admin);
    await askFriendship(admin, partial);
    await challenge(partial, admin);
    const res = await announce(admin, { title: 'Down at 9', body: 'Ten minutes' });
    expect(res.statusCode).toBe(200);
    expect((await listOf(partial)).notifications.map((n) => n.type)).toEqual([
      NotificationType.FRIENDLY_CHALLENGE,
      NotificationType.FRIEND_STAR,
    ]);
    expect((await listOf(full)).notifications.map((n) => n.type)).toEqual([NotificationType.MAINTENANCE]);
  });

  it('writes no row for a member who blocked the actor, not merely one hidden from them (decision 0046)', async () => {
    const [admin, blocker, other] = [await signUp(app), await signUp(app), await signUp(app)];
    await organisationOf([admin, blocker, other], admin);
    const blocked = await call(app, 'block', { params: { user_id: admin.userId }, headers: blocker.headers });
    expect(blocked.statusCode).toBe(200);
    expect((await announce(admin, { title: 'Down at 9', body: 'Ten minutes' })).statusCode).toBe(200);
    expect(await notificationRows(other)).toBe(1);
    expect(await notificationRows(blocker)).toBe(0);
  });

  it('lists the newest 100 first', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await inTransaction(unitOfWork(deps), async (work) => {
      for (let i = 0; i <= NOTIFICATIONS_LIST_MAX; i++) {
        await notify(work, [b.userId], { type: NotificationType.COMMENTS, title: `n${i}` });
      }
    });
    const list = await listOf(b);
    expect(list.unreadCount).toBe(NOTIFICATIONS_LIST_MAX + 1);
    expect(list.notifications).toHaveLength(NOTIFICATIONS_LIST_MAX);
    expect(list.notifications[0].title).toBe(`n${NOTIFICATIONS_LIST_MAX}`);
    expect(list.notifications.at(-1)?.title).toBe('n1');
    expect((await listOf(a)).notifications).toEqual([]);
  });
});

describe('reading', () => {
  it('marks one of my own read, lowers the count and tells my other screens; another member’s is a 404', async () => {
    const [a, b, c] = [await signUp(app), await signUp(app), await signUp(app)];
    await askFriendship(a, b);
    await askFriendship(c, b);
    const [newest] = (await listOf(b)).notifications;
    expect((await readOne(a, newest.notification_id)).statusCode).toBe(404);
    expect((await readOne(b, 999999999)).statusCode).toBe(404);
    const res = await readOne(b, newest.notification_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notification: { ...newest, read: true }, unreadCount: 1 });
    expect((await notificationEvents(b)).at(-1)).toEqual({
      type: EventType.NOTIFICATION,
      subtype: EventSubtype.UPDATE,
      data: res.json(),
    });
    expect(await notifQty(b)).toBe(1);
    expect((await listOf(b)).notifications.map((n) => n.read)).toEqual([true, false]);
  });

  it('read-all (going back from the list) marks every one read', async () => {
    const [a, b, c] = [await signUp(app), await signUp(app), await signUp(app)];
    await askFriendship(a, c);
    await askFriendship(b, c);
    await askFriendship(a, b);
    const res = await call(app, 'readAllNotifications', { headers: c.headers });
    expect(res.json()).toEqual({ unreadCount: 0 });
    const list = await listOf(c);
    expect(list.unreadCount).toBe(0);
    expect(list.notifications.every((n) => n.read)).toBe(true);
    expect((await notificationEvents(c)).at(-1)).toMatchObject({
      subtype: EventSubtype.UPDATE,
      data: { unreadCount: 0 },
    });
    expect((await listOf(b)).unreadCount).toBe(1);
  });
});

describe('POST /notifications/{id}/accept', () => {
  it('accepts my own challenge once: AVAILABLE becomes ACCEPTED and it is read', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    const invitation = await challenge(b, a);
    expect(invitation.data).toMatchObject({
      friendly: true,
      challenger_user_screen_name: a.username,
      name: 'Distance dare',
      description: 'Beat me',
      start_date: '2026-01-01T00:00:00.000Z',
      end_date: '2026-01-08T00:00:00.000Z',
      metric: 'DISTANCE',
      metric_goal: 5,
      challenge_status: ChallengeStatus.AVAILABLE,
      id: 7,
    });
    expect((await accept(a, invitation.notification_id)).statusCode).toBe(404);
    const res = await accept(b, invitation.notification_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().notification).toMatchObject({
      read: true,
      data: { challenge_status: ChallengeStatus.ACCEPTED, id: 7 },
    });
    expect(res.json().unreadCount).toBe(0);
    expect((await listOf(b)).notifications[0].data.challenge_status).toBe(ChallengeStatus.ACCEPTED);
  });

  it('refuses to accept what is not a challenge', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await askFriendship(a, b);
    const [request] = (await listOf(b)).notifications;
    const res = await accept(b, request.notification_id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('not_a_challenge');
    expect((await listOf(b)).notifications[0].read).toBe(false);
  });
});

describe('POST /notifications/maintenance', () => {
  it('an organisation administrator reaches every member: the event and the notification', async () => {
    const [admin, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
    const org = await organisationOf([admin, member], admin);
    const res = await announce(admin, { title: 'Upgrade', body: 'Back soon' });
    expect(res.json()).toEqual({ recipients: 2 });
    for (const who of [admin, member]) {
      expect((await listOf(who)).notifications[0]).toMatchObject({
        type: NotificationType.MAINTENANCE,
        title: 'Upgrade',
        body: 'Back soon',
        source: org.name,
      });
      const [maintenance] = await deps.db
        .select({ data: events.data })
        .from(events)
        .where(and(eq(events.recipientId, who.userId), eq(events.type, EventType.MAINTENANCE_NOTIFICATION)));
      expect(maintenance.data).toEqual({ title: 'Upgrade', body: 'Back soon' });
    }
    expect((await listOf(outsider)).notifications).toEqual([]);
  });

  it('refuses members without role 2, an organisation not theirs and an over-long body', async () => {
    const [admin, member] = [await signUp(app), await signUp(app)];
    const org = await organisationOf([admin, member], admin);
    const other = await organisationOf([member], member);
    const byMember = await announce(member, { title: 't', body: 'b', organization_id: org.id });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error).toBe('not_an_administrator');
    expect((await announce(admin, { title: 't', body: 'b', organization_id: other.id })).statusCode).toBe(
      403,
    );
    const tooLong = await announce(admin, { title: 't', body: 'x'.repeat(MAINTENANCE_BODY_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect((await listOf(member)).notifications).toEqual([]);
  });
});
