import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AccessType,
  CALL_LIMITS,
  type Call,
  type CallStartBody,
  type CallStarted,
  EventType,
  NotificationType,
} from '@orbit/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { calls, events, notifications } from '../../db/schema';
import { findJanusBinary } from '../../platform/media/janus-process';
import { call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { namedMember } from '../../test/members';
import { messagesClient } from '../../test/messages';
import { restNow } from '../../test/quiet';

const janus = findJanusBinary();

// Without Janus every call answers the media server unavailable state; this app never starts one.
describe('calls without a media server', async () => {
  const ctx = await createTestApp();
  const { app } = ctx;
  const { makeFriends } = communityFixtures(ctx);

  it('answers 503 media_unavailable and writes nothing', async () => {
    const [a, b] = [await signUp(app), await signUp(app)];
    await makeFriends(a, b);
    const res = await call(app, 'startCall', { headers: a.headers, body: { attendees: [b.userId] } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'media_unavailable' });
    expect(await ctx.deps.db.select().from(calls)).toEqual([]);
  });
});

if (!janus) {
  console.warn('[orbit] no janus binary on the PATH (apt-get install janus): the call tests are left out.');
} else {
  describe('calls on a real Janus', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-calls-'));
    const ctx = await createTestApp({ dataDir });
    await ctx.deps.media.start();
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { app, deps } = ctx;
    const { makeFriends, community } = communityFixtures(ctx);
    const { befriend } = messagesClient(app);

    const eventsOf = (user: TestUser) =>
      deps.db
        .select({ type: events.type, subtype: events.subtype, data: events.data })
        .from(events)
        .where(eq(events.recipientId, user.userId))
        .orderBy(asc(events.seq));
    const callEvents = async (user: TestUser) =>
      (await eventsOf(user)).filter((e) => e.type === EventType.CALL).map((e) => e.subtype);
    const notificationTypes = async (user: TestUser) =>
      (await deps.db.select().from(notifications).where(eq(notifications.userId, user.userId))).map(
        (n) => n.type,
      );
    const friends = async () => {
      const [a, b] = [await signUp(app), await signUp(app)];
      await makeFriends(a, b);
      return { a, b };
    };
    const start = async (user: TestUser, body: CallStartBody) => {
      const res = await call(app, 'startCall', { headers: user.headers, body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const omitSession = ({ session: _, ...call }: CallStarted): Call => call;
    // This app starts one Janus child: every call's room is on it.
    const gateway = () => deps.media.gateways[0];
    const rooms = async () => (await gateway().videoRooms()).listRooms();

    describe('POST /call/start', () => {
      it('rings a friend: the call, its Janus room, CALL INVITE and a CALL_START notification', async () => {
        const { a, b } = await friends();
        const started = await start(a, { attendees: [b.userId] });
        expect(started).toMatchObject({ community_id: null, caller_name: a.username, call_group_id: null });
        const [row] = await deps.db.select().from(calls).where(eq(calls.id, started.id));
        expect(await rooms()).toContain(row.janusRoomId);
        const invite = (await eventsOf(b)).find((e) => e.type === EventType.CALL);
        expect(invite).toMatchObject({
          subtype: 'INVITE',
          data: { call_id: started.id, caller_id: a.userId, community_id: null, name: a.username },
        });
        expect(await notificationTypes(b)).toContain(NotificationType.CALL_START);
        expect(await callEvents(a)).toEqual(['START']);
      });

      it('names the caller as the callee knows them, never by the username: the call, the ring and the notification', async () => {
        const ada = await namedMember(ctx, 'Ada', 'Park');
        const bo = await namedMember(ctx, 'Bo', 'Lind');
        await makeFriends(ada, bo);
        const started = await start(ada, { attendees: [bo.userId] });
        expect(started.caller_name).toBe('Ada Park');
        const invite = (await eventsOf(bo)).find((e) => e.type === EventType.CALL);
        expect(invite?.data).toMatchObject({ caller_id: ada.userId, name: 'Ada Park' });
        const rung = await call(app, 'notifications', { headers: bo.headers });
        const [notice] = rung.json().notifications.filter((n) => n.type === NotificationType.CALL_START);
        expect(notice.source).toBe('Ada Park');
        expect(`${notice.title} ${notice.body}`).not.toContain(ada.username);
        const accepted = await start(bo, { attendees: [ada.userId] });
        expect(accepted.caller_name).toBe('Ada Park');
        expect(accepted.session.call.caller_name).toBe('Ada Park');
      });

      it('refuses strangers (403), oneself, both or neither target and too many attendees (400)', async () => {
        const [a, stranger] = [await signUp(app), await signUp(app)];
        const refused = async (body: CallStartBody, status: number, error: string) => {
          const res = await call(app, 'startCall', { headers: a.headers, body });
          expect(res.statusCode, res.body).toBe(status);
          expect(res.json().error).toBe(error);
        };
        await refused({ attendees: [stranger.userId] }, 403, 'not_friends');
        await refused({ attendees: [a.userId] }, 400, 'call_yourself');
        await refused({}, 400, 'call_target');
        const club = await community(a);
        await refused({ community_id: club, attendees: [stranger.userId] }, 400, 'call_target');
        const many = Array.from({ length: CALL_LIMITS.maxAttendees + 1 }, (_, i) => 100000 + i);
        await refused({ attendees: many }, 400, 'validation');
        expect(await deps.db.select().from(calls).where(eq(calls.callerId, a.userId))).toEqual([]);
      });

      it('with a call group, rings its participants only, who need not be friends', async () => {
        const { a, b } = await friends();
        const c = await signUp(app);
        await befriend(a, c);
        const group = await call(app, 'createMessageGroup', {
          headers: a.headers,
          body: { user_ids: [b.userId, c.userId], name: 'Walkers' },
        });
        const groupId = group.json().id;
        const outsider = await signUp(app);
        await makeFriends(a, outsider);
        const res = await call(app, 'startCall', {
          headers: a.headers,
          body: {
            attendees: [outsider.userId],
            call_group_id: groupId,
          },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('not_in_group');
        const notInIt = await call(app, 'startCall', {
          headers: outsider.headers,
          body: {
            attendees: [a.userId],
            call_group_id: groupId,
          },
        });
        expect(notInIt.statusCode).toBe(404);
        // b and c are not friends: the thread lets b call c anyway.
        expect((await start(b, { attendees: [c.userId], call_group_id: groupId })).call_group_id).toBe(
          groupId,
        );
        // A one-to-one thread is no way around friendship: it rings friends only, like its composer.
        const { a: x, b: y } = await friends();
        const direct = (
          await call(app, 'directThread', { headers: x.headers, body: { user_id: y.userId } })
        ).json().group_id;
        const first = await start(x, { attendees: [y.userId], call_group_id: direct });
        expect(
          (await call(app, 'leaveCall', { params: { id: first.id }, headers: x.headers })).statusCode,
        ).toBe(200);
        expect(
          (await call(app, 'unfriend', { headers: x.headers, query: { user_id: y.userId } })).statusCode,
        ).toBe(200);
        const unfriended = await call(app, 'startCall', {
          headers: y.headers,
          body: {
            attendees: [x.userId],
            call_group_id: direct,
          },
        });
        expect(unfriended.statusCode).toBe(403);
      });

      it('accepting is starting the call for the pair again: the same call, ACCEPT to the caller', async () => {
        const { a, b } = await friends();
        const started = await start(a, { attendees: [b.userId] });
        const accepted = await start(b, { attendees: [a.userId] });
        expect(accepted.id).toBe(started.id);
        expect(accepted.caller_name).toBe(a.username);
        expect(await callEvents(a)).toEqual(['START', 'ACCEPT']);
      });

      it('answers each member who starts or joins the call with its room session, as GET /private-call reads it', async () => {
        const { a, b } = await friends();
        const started = await start(a, { attendees: [b.userId] });
        expect(started.session).toEqual(
          (await call(app, 'privateCall', { params: { id: started.id }, headers: a.headers })).json(),
        );
        expect(started.session.call).toEqual(omitSession(started));
        expect(started.session.participants.map((p) => p.id)).toEqual([a.userId]);
        const accepted = await start(b, { attendees: [a.userId] });
        expect(accepted.session).toEqual(
          (await call(app, 'privateCall', { params: { id: started.id }, headers: b.headers })).json(),
        );
        expect(accepted.session).toMatchObject({
          janus_room_id: started.session.janus_room_id,
          janus_url: started.session.janus_url,
        });
        expect(accepted.session.participants.map((p) => p.id).sort()).toEqual([a.userId, b.userId].sort());
      });

      it('a community call rings its members; starting it again joins it; non-members are refused', async () => {
        const [expert, member, outsider] = [await signUp(app), await signUp(app), await signUp(app)];
        const club = await community(expert, {}, [member]);
        const started = await start(expert, { community_id: club });
        expect(started.community_id).toBe(club);
        expect(await callEvents(member)).toEqual(['INVITE']);
        expect((await start(member, { community_id: club })).id).toBe(started.id);
        const refused = await call(app, 'startCall', {
          headers: outsider.headers,
          body: { community_id: club },
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe('not_a_member');
        const hidden = await community(expert, { accessType: AccessType.PRIVATE });
        expect(
          (await call(app, 'startCall', { headers: outsider.headers, body: { community_id: hidden } }))
            .statusCode,
        ).toBe(404);
      });

      it('a friend in quiet hours is not rung: the call is answered as missed for them (decision 0044)', async () => {
        const { a, b } = await friends();
        await restNow(app, b);
        const started = await start(a, { attendees: [b.userId] });
        // No popup for the resting member; a Missed call waits in their list, marked quiet.
        expect(await callEvents(b)).not.toContain('INVITE');
        expect(await notificationTypes(b)).toEqual(expect.arrayContaining([NotificationType.CALL_END]));
        expect(await notificationTypes(b)).not.toContain(NotificationType.CALL_START);
        // The missed call says who called.
        const missed = await call(app, 'notifications', { headers: b.headers });
        expect(missed.json().notifications).toContainEqual(
          expect.objectContaining({ title: 'Missed call', source: a.username }),
        );
        // The caller hears them decline, then the call ends as after a decline; no "declined" notification.
        expect(await callEvents(a)).toEqual(['START', 'REJECT', 'END']);
        expect(await notificationTypes(a)).not.toContain(NotificationType.CALL_REJECT);
        const [row] = await deps.db.select().from(calls).where(eq(calls.id, started.id));
        expect(row.endedAt).not.toBeNull();
        expect(await rooms()).not.toContain(row.janusRoomId);
      });

      it('a group call rings the awake and answers the resting as missed; a community call pops up for the awake only', async () => {
        const [expert, awake, resting] = [await signUp(app), await signUp(app), await signUp(app)];
        await restNow(app, resting);
        const club = await community(expert, {}, [awake, resting]);
        await start(expert, { community_id: club });
        expect(await callEvents(awake)).toEqual(['INVITE']);
        expect(await callEvents(resting)).toEqual([]);
        expect(await notificationTypes(resting)).toContain(NotificationType.CALL_START);
        await makeFriends(awake, resting);
        const caller = awake;
        const other = await signUp(app);
        await makeFriends(caller, other);
        const started = await start(caller, { attendees: [resting.userId, other.userId] });
        expect((await callEvents(other)).at(-1)).toBe('INVITE');
        const [row] = await deps.db.select().from(calls).where(eq(calls.id, started.id));
        expect(row.endedAt).toBeNull();
      });

      it('a full community call takes nobody new, but one already in may come back', async () => {
        const people = [];
        for (let i = 0; i <= CALL_LIMITS.maxAttendees + 1; i++) people.push(await signUp(app));
        const [expert, ...members] = people;
        const club = await community(expert, {}, members);
        const started = await start(expert, { community_id: club });
        const [latecomer, ...others] = members.reverse();
        for (const member of others)
          expect((await start(member, { community_id: club })).id).toBe(started.id);
        const full = await call(app, 'startCall', {
          headers: latecomer.headers,
          body: { community_id: club },
        });
        expect([full.statusCode, full.json().error]).toEqual([409, 'call_full']);
        expect((await start(others[0], { community_id: club })).id).toBe(started.id);
      });
    });

    describe('who may join: GET /private-call/{id} and GET /session/{id}', () => {
      it('hands the invited members the room and its pin as janus_admin_passwd, never the secret', async () => {
        const { a, b } = await friends();
        const started = await start(a, { attendees: [b.userId] });
        const res = await call(app, 'privateCall', { params: { id: started.id }, headers: b.headers });
        expect(res.statusCode).toBe(200);
        const [row] = await deps.db.select().from(calls).where(eq(calls.id, started.id));
        const session = res.json();
        expect(session).toMatchObject({
          janus_url: gateway().publicUrl,
          janus_server_name: row.janusGateway,
          janus_room_id: row.janusRoomId,
          janus_admin_passwd: row.roomPin,
          ice_servers: [],
        });
        expect(JSON.stringify(session)).not.toContain(row.roomSecret);
        expect(session.participants.map((p) => p.id)).toEqual([a.userId]);
        expect(
          (await call(app, 'callSession', { params: { id: started.id }, headers: b.headers })).json(),
        ).toEqual({
          id: started.id,
          community_id: null,
          live: true,
        });
      });

      it('answers 404 to a member who was not invited, and to a non-member of a private community', async () => {
        const { a, b } = await friends();
        const stranger = await signUp(app);
        const started = await start(a, { attendees: [b.userId] });
        const asked = [
          ['privateCall', started.id],
          ['callSession', started.id],
          ['privateCall', 999999],
        ] as const;
        for (const [name, id] of asked) {
          expect((await call(app, name, { params: { id }, headers: stranger.headers })).statusCode).toBe(404);
        }
        const hidden = await community(a, { accessType: AccessType.PRIVATE }, [b]);
        const inClub = await start(a, { community_id: hidden });
        expect(
          (await call(app, 'privateCall', { params: { id: inClub.id }, headers: b.headers })).statusCode,
        ).toBe(200);
        expect(
          (await call(app, 'privateCall', { params: { id: inClub.id }, headers: stranger.headers }))
            .statusCode,
        ).toBe(404);
      });

      it('makes the room again when Janus lost it', async () => {
        const { a, b } = await friends();
        const started = await start(a, { attendees: [b.userId] });
        const [row] = await deps.db.select().from(calls).where(eq(calls.id, started.id));
        await gateway().destroyRoom('video', { roomId: row.janusRoomId, secret: row.roomSecret });
        const session = (
          await call(app, 'privateCall', { params: { id: started.id }, headers: a.headers })
        ).json();
        expect(session.janus_room_id).not.toBe(row.janusRoomId);
        expect(await rooms()).toContain(session.janus_room_id);
      });
    });

    describe('answering, media and leaving', () => {
      it('declining tells the caller (REJECT, CALL_REJECT) and ends a call nobody else is in', async () => {
        const { a, b } = await friends();
        const started = await start(a, { attendees: [b.userId] });
        const [row] = await deps.db.select().from(calls).where(eq(calls.id, started.id));
        expect(
          (await call(app, 'rejectCall', { params: { id: started.id }, headers: b.headers })).statusCode,
        ).toBe(200);
        expect(await callEvents(a)).toEqual(['START', 'REJECT', 'END']);
        expect(await notificationTypes(a)).toContain(NotificationType.CALL_REJECT);
        expect(
          (await call(app, 'callSession', { params: { id: started.id }, headers: a.headers })).json().live,
        ).toBe(false);
        expect(await rooms()).not.toContain(row.janusRoomId);
        const again = await call(app, 'rejectCall', { params: { id: started.id }, headers: b.headers });
        expect(again.statusCode).toBe(409);
        expect(again.json().error).toBe('call_ended');
      });

      it('mute and video reach the others as CALL UPDATE; only a member in the call sends them', async () => {
        const { a, b } = await friends();
        const started = await start(a, { attendees: [b.userId] });
        const ringing = await call(app, 'callMedia', {
          params: { id: started.id },
          headers: b.headers,
          body: { muted: true, video: false },
        });
        expect(ringing.statusCode).toBe(403);
        expect(ringing.json().error).toBe('not_in_call');
        await start(b, { attendees: [a.userId] });
        expect(
          (
            await call(app, 'callMedia', {
              params: { id: started.id },
              headers: b.headers,
              body: { muted: true, video: true },
            })
          ).statusCode,
        ).toBe(200);
        const update = (await eventsOf(a)).find((e) => e.subtype === 'UPDATE');
        expect(update?.data).toEqual({ call_id: started.id, user_id: b.userId, muted: true, video: true });
        const session = (
          await call(app, 'privateCall', { params: { id: started.id }, headers: a.headers })
        ).json();
        const other = session.participants.find((p) => p.id === b.userId);
        expect(other).toMatchObject({ muted: true, video: true, me: false });
      });

      it('leaving a call for two ends it: END to both, the room destroyed, a second leave refused', async () => {
        const { a, b } = await friends();
        const started = await start(a, { attendees: [b.userId] });
        await start(b, { attendees: [a.userId] });
        expect(
          (await call(app, 'leaveCall', { params: { id: started.id }, headers: b.headers })).statusCode,
        ).toBe(200);
        expect((await callEvents(a)).at(-1)).toBe('END');
        expect((await callEvents(b)).at(-1)).toBe('END');
        expect(
          (await call(app, 'privateCall', { params: { id: started.id }, headers: a.headers })).statusCode,
        ).toBe(409);
        expect(
          (await call(app, 'leaveCall', { params: { id: started.id }, headers: a.headers })).statusCode,
        ).toBe(409);
      });

      it('the caller hanging up before an answer ends it and tells the invitee they missed it', async () => {
        const { a, b } = await friends();
        const started = await start(a, { attendees: [b.userId] });
        expect(
          (await call(app, 'leaveCall', { params: { id: started.id }, headers: a.headers })).statusCode,
        ).toBe(200);
        expect((await callEvents(b)).at(-1)).toBe('END');
        expect(await notificationTypes(b)).toContain(NotificationType.CALL_END);
      });

      it('a community call goes on while anyone is in it and ends when the last one leaves', async () => {
        const [expert, member] = [await signUp(app), await signUp(app)];
        const club = await community(expert, {}, [member]);
        const started = await start(expert, { community_id: club });
        await start(member, { community_id: club });
        await call(app, 'leaveCall', { params: { id: started.id }, headers: expert.headers });
        expect(
          (await call(app, 'callSession', { params: { id: started.id }, headers: member.headers })).json()
            .live,
        ).toBe(true);
        await call(app, 'leaveCall', { params: { id: started.id }, headers: member.headers });
        expect(
          (await call(app, 'callSession', { params: { id: started.id }, headers: member.headers })).json()
            .live,
        ).toBe(false);
        // The next call in the community is a new one.
        expect((await start(member, { community_id: club })).id).not.toBe(started.id);
      });
    });
  });
}
