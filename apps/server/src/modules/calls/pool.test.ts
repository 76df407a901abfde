import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Call, type CallStartBody, SessionState } from '@orbit/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { calls } from '../../db/schema';
import type { JanusGateway } from '../../platform/media';
import { findJanusBinary } from '../../platform/media/janus-process';
import { openRoomsByGateway } from '../../platform/media/open-rooms';
import { call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { lessonRow } from '../../test/lessons';

const janus = findJanusBinary();

// The load placement balances, counted from the records alone: no media server needed.
describe('rooms open on each gateway', async () => {
  const ctx = await createTestApp();

  it('counts each live call once and each running session twice, on the gateway each records', async () => {
    const host = await signUp(ctx.app);
    const communityId = await communityFixtures(ctx).community(host, {}, []);
    const room = { callerId: host.userId, roomSecret: 's', roomPin: 'p' };
    await ctx.deps.db.insert(calls).values([
      { ...room, janusGateway: 'a', janusRoomId: 1 },
      { ...room, janusGateway: 'a', janusRoomId: 2 },
      { ...room, janusGateway: 'b', janusRoomId: 3, endedAt: new Date() },
    ]);
    await lessonRow(ctx.deps, communityId, host, { janusGateway: 'b' });
    await lessonRow(ctx.deps, communityId, host, { janusGateway: 'a', state: SessionState.ENDED });
    expect(await openRoomsByGateway(ctx.deps.db)).toEqual(
      new Map([
        ['a', 2],
        ['b', 2],
      ]),
    );
  });
});

if (!janus) {
  console.warn(
    '[orbit] no janus binary on the PATH (apt-get install janus): the Janus pool tests are left out.',
  );
} else {
  describe('calls and sessions on a pool of two Janus gateways (JANUS_CHILDREN=2)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-pool-'));
    const ctx = await createTestApp({ dataDir, janusChildren: 2 });
    await ctx.deps.media.start();
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { app, deps } = ctx;
    const { makeFriends, community } = communityFixtures(ctx);

    const start = async (user: TestUser, body: CallStartBody) => {
      const res = await call(app, 'startCall', { headers: user.headers, body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const sessionOf = async (user: TestUser, callId: number) => {
      const res = await call(app, 'privateCall', { params: { id: callId }, headers: user.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const gatewayNamed = (name: string): JanusGateway => {
      const gateway = deps.media.gateway(name);
      if (!gateway) throw new Error(`no gateway ${name}`);
      return gateway;
    };
    /** Where every member of the call is sent: one gateway, one room, which that gateway has. */
    const meetingPoint = async (callId: number, members: TestUser[]) => {
      const sessions = await Promise.all(members.map((member) => sessionOf(member, callId)));
      const [first] = sessions;
      for (const other of sessions) {
        expect(other).toMatchObject({
          janus_server_name: first.janus_server_name,
          janus_url: first.janus_url,
          janus_room_id: first.janus_room_id,
        });
      }
      const gateway = gatewayNamed(first.janus_server_name);
      expect(first.janus_url).toBe(gateway.publicUrl);
      expect(await gateway.hasRoom('video', first.janus_room_id)).toBe(true);
      return first;
    };
    const pair = async () => {
      const [caller, callee] = [await signUp(app), await signUp(app)];
      await makeFriends(caller, callee);
      return { caller, callee };
    };

    let pairs: { caller: TestUser; callee: TestUser; call: Call; gateway: string }[] = [];

    it('starts two children: two gateways, each with its own address', () => {
      expect(deps.media.gateways.map((g) => g.name)).toEqual(['orbit-1', 'orbit-2']);
      expect(new Set(deps.media.gateways.map((g) => g.publicUrl)).size).toBe(2);
    });

    it('places two new calls on different gateways; the accepting member meets the caller on each', async () => {
      for (const { caller, callee } of [await pair(), await pair()]) {
        const started = await start(caller, { attendees: [callee.userId] });
        // Accepting is starting the call with the caller (docs/product/calls-and-lessons.md#call-screen): it joins the call that rings.
        expect((await start(callee, { attendees: [caller.userId] })).id).toBe(started.id);
        const met = await meetingPoint(started.id, [caller, callee]);
        pairs.push({ caller, callee, call: started, gateway: met.janus_server_name });
      }
      expect(pairs[0].gateway).not.toBe(pairs[1].gateway);
    });

    it('sends members joining a community call to the gateway of that call', async () => {
      const [expert, ...members] = [await signUp(app), await signUp(app), await signUp(app)];
      const club = await community(expert, {}, members);
      const started = await start(expert, { community_id: club });
      for (const member of members) expect((await start(member, { community_id: club })).id).toBe(started.id);
      await meetingPoint(started.id, [expert, ...members]);
      expect(
        (await call(app, 'leaveCall', { params: { id: started.id }, headers: expert.headers })).statusCode,
      ).toBe(200);
      for (const member of members)
        await call(app, 'leaveCall', { params: { id: started.id }, headers: member.headers });
    });

    it('opens a live session on the gateway with fewer rooms, both rooms there, and sends its members there', async () => {
      // Ending the first call leaves its gateway with no room open, the other with the second call's.
      expect(
        (await call(app, 'leaveCall', { params: { id: pairs[0].call.id }, headers: pairs[0].caller.headers }))
          .statusCode,
      ).toBe(200);
      const emptier = gatewayNamed(pairs[0].gateway);
      const [expert, viewer] = [await signUp(app), await signUp(app)];
      const club = await community(expert, {}, [viewer]);
      const created = await call(app, 'createLesson', {
        params: { id: club },
        headers: expert.headers,
        body: { name: 'Pool yoga' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const session = created.json();
      expect(session.janus_server_name).toBe(emptier.name);
      expect(await emptier.hasRoom('video', session.video_session_id)).toBe(true);
      expect(await emptier.hasRoom('audio', session.janus_room_id)).toBe(true);
      for (const member of [expert, viewer]) {
        const room = (
          await call(app, 'lessonRoom', { params: { id: session.id }, headers: member.headers })
        ).json();
        expect(room).toMatchObject({
          janus_url: emptier.publicUrl,
          session: { janus_server_name: emptier.name },
        });
      }
      pairs = pairs.slice(1);
    });

    it('passes over a gateway that is down; a call on it moves, and both members meet on the other', async () => {
      const [{ caller, callee, call: onDown, gateway: downName }] = pairs;
      const down = gatewayNamed(downName);
      const up = deps.media.gateways.find((g) => g !== down) as JanusGateway;
      // The gateway holding the fewest rooms now goes away (its Janus child stops).
      await down.close();
      const { caller: next, callee: nextCallee } = await pair();
      const placed = await start(next, { attendees: [nextCallee.userId] });
      expect((await sessionOf(next, placed.id)).janus_server_name).toBe(up.name);
      const moved = await meetingPoint(onDown.id, [caller, callee]);
      expect(moved.janus_server_name).toBe(up.name);
    });
  });
}
