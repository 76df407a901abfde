import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PrivateCallSession } from '@orbit/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { findJanusBinary } from '../../platform/media/janus-process';
import { call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { janusChildPids, joinAsMember, killJanusChild } from '../../test/janus-children';

const janus = findJanusBinary();

if (!janus) {
  console.warn(
    '[orbit] no janus binary on the PATH (apt-get install janus): the Janus restart calls test is left out.',
  );
} else {
  describe('calls when the Janus child is killed (JANUS_CHILDREN=1, decision 0032)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-restart-'));
    const ctx = await createTestApp({ dataDir });
    await ctx.deps.media.start();
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { app, deps } = ctx;
    const { makeFriends } = communityFixtures(ctx);

    const callBetween = async () => {
      const [caller, callee] = [await signUp(app), await signUp(app)];
      await makeFriends(caller, callee);
      const res = await call(app, 'startCall', {
        headers: caller.headers,
        body: { attendees: [callee.userId] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const started = res.json();
      // The callee accepts (docs/product/calls-and-lessons.md#call-screen): both are in the call.
      expect(
        (await call(app, 'startCall', { headers: callee.headers, body: { attendees: [caller.userId] } }))
          .statusCode,
      ).toBe(200);
      return { caller, callee, started };
    };
    const sessionOf = async (user: TestUser, callId: number) => {
      const res = await call(app, 'privateCall', { params: { id: callId }, headers: user.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    /** A member joins the room the server sent it to, with the pin, on that Janus: the room is real. */
    const joinsRoom = async (session: PrivateCallSession, id: number) => {
      const room = { roomId: session.janus_room_id, pin: session.janus_admin_passwd };
      expect(await joinAsMember(session.janus_url, room, id)).toBe('joined');
    };

    it('restarts the child: a new call is placed on it, and a call from before moves there or ends cleanly', async () => {
      const before = await callBetween();
      const gateway = deps.media.gateways[0];
      const killed = killJanusChild(dataDir);
      await vi.waitFor(
        () => {
          expect(janusChildPids(dataDir).filter((pid) => pid !== killed)).toHaveLength(1);
          expect(gateway.down).toBe(false);
        },
        { timeout: 20_000, interval: 50 },
      );

      // A call started after the restart is placed on the child and its members meet in a real room.
      const after = await callBetween();
      const session = await sessionOf(after.callee, after.started.id);
      expect(session).toMatchObject({ janus_server_name: 'orbit-1', janus_url: gateway.publicUrl });
      await joinsRoom(session, after.callee.userId);

      // The call from before lost its room with the process: its caller's next read moves it to a new one
      // (0027), where it can go on; hanging up ends it as always, with no error for the room that is gone.
      const moved = await sessionOf(before.caller, before.started.id);
      expect(moved.janus_room_id).not.toBe(before.started.session.janus_room_id);
      await joinsRoom(moved, before.caller.userId);
      expect(
        (await call(app, 'leaveCall', { params: { id: before.started.id }, headers: before.callee.headers }))
          .statusCode,
      ).toBe(200);
      const ended = await call(app, 'privateCall', {
        params: { id: before.started.id },
        headers: before.caller.headers,
      });
      expect([ended.statusCode, ended.json().error]).toEqual([409, 'call_ended']);
    });
  });
}
