import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventType, LIMITS, RECORDING_LEASE_MS, SessionMicState, SessionState } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lessons } from '../../db/schema';
import { JanusConnection, type JanusHandle } from '../../platform/media/janus-client';
import { findJanusBinary } from '../../platform/media/janus-process';
import { AUDIOBRIDGE_PLUGIN } from '../../platform/media/janus-rooms';
import { communityFixtures } from '../../test/communities';
import { createTestApp, EVENTUALLY, signUp, type TestUser } from '../../test/harness';
import { lessonRow as writeLesson } from '../../test/lessons';
import { eventsReceived } from '../../test/realtime';
import { resumeRecordings } from './recording';

const janusBinary = findJanusBinary();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-lessons-'));
const ctx = await createTestApp({ dataDir });
const { app, deps } = ctx;
/** SESSION_ACTIVITY a member received, personal and on the community's channel. */
const sessionActivityOf = async (user: TestUser) =>
  (await eventsReceived(deps.db, user.userId)).filter((e) => e.type === EventType.SESSION_ACTIVITY);
const fx = communityFixtures(ctx);
const silent = app.log;

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/${url}`, headers: user.headers, payload });

async function stateOf(lessonId: number) {
  const [row] = await deps.db.select().from(lessons).where(eq(lessons.id, lessonId));
  return row;
}

/** A lesson row written straight into the database, for the rules that need no media server. */
const lessonRow = (communityId: number, host: TestUser, fields: Parameters<typeof writeLesson>[3] = {}) =>
  writeLesson(deps, communityId, host, fields);

describe('lessons without a media server', () => {
  it('refuses to start a lesson with media_unavailable, and only experts may try', async () => {
    const expert = await signUp(app);
    const member = await signUp(app);
    const communityId = await fx.community(expert, {}, [member]);
    const byMember = await call(member, 'POST', `communities/${communityId}/chat-sessions`, { name: 'Yoga' });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error).toBe('not_an_expert');
    const byExpert = await call(expert, 'POST', `communities/${communityId}/chat-sessions`, { name: 'Yoga' });
    expect(byExpert.statusCode).toBe(503);
    expect(byExpert.json().error).toBe('media_unavailable');
    const list = await call(expert, 'GET', `communities/${communityId}/chat-sessions`);
    expect(list.json().sessions).toEqual([]);
  });

  it('lists lessons to members only, live ones apart, and hides a private community from others', async () => {
    const expert = await signUp(app);
    const member = await signUp(app);
    const stranger = await signUp(app);
    const communityId = await fx.community(expert, {}, [member]);
    const live = await lessonRow(communityId, expert);
    const saved = await lessonRow(communityId, expert, { state: SessionState.REPLAYREADY, name: 'Saved' });
    const all = await call(member, 'GET', `communities/${communityId}/chat-sessions`);
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .sessions.map((s: { id: number }) => s.id)
        .sort(),
    ).toEqual([live.id, saved.id].sort());
    const only = await call(member, 'GET', `communities/${communityId}/chat-sessions-live`);
    expect(only.json().sessions.map((s: { id: number; state: number }) => [s.id, s.state])).toEqual([
      [live.id, SessionState.RUNNING],
    ]);
    expect(only.json().sessions[0].instructor_id).toBe(expert.userId);
    expect(only.json().sessions[0].instructor_screen_name).toBe(expert.username);
    expect((await call(stranger, 'GET', `communities/${communityId}/chat-sessions`)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `gojitalk/${live.id}`)).statusCode).toBe(403);
    const hidden = await fx.community(expert, { accessType: 2 });
    const hiddenLesson = await lessonRow(hidden, expert);
    expect((await call(stranger, 'GET', `communities/${hidden}/chat-sessions`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `gojitalk/${hiddenLesson.id}`)).statusCode).toBe(404);
    // A lesson asked for under another community's id does not exist there.
    expect(
      (await call(member, 'GET', `communities/${hidden}/chat-sessions/${live.id}/posts`)).statusCode,
    ).toBe(404);
  });

  it('keeps lesson posts to 65536 characters (post max size), trimmed, not empty, anonymous by default', async () => {
    const expert = await signUp(app);
    const member = await signUp(app);
    const communityId = await fx.community(expert, {}, [member]);
    const lesson = await lessonRow(communityId, expert);
    const url = `communities/${communityId}/chat-sessions/${lesson.id}/posts`;
    const tooLong = await call(member, 'POST', url, { message: 'a'.repeat(LIMITS.sessionPost + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: 'post_max_size', message: 'post max size' });
    const blank = await call(member, 'POST', url, { message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('empty_post');
    expect((await call(member, 'GET', url)).json().posts).toEqual([]);

    const longest = await call(member, 'POST', url, { message: ` ${'b'.repeat(LIMITS.sessionPost)} ` });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().message).toHaveLength(LIMITS.sessionPost);
    expect(longest.json()).toMatchObject({ identity_type: 3, me: true, is_expert: false });
    expect(longest.json().author_screen_name).not.toBe(member.username);
    const named = await call(expert, 'POST', url, { message: 'Welcome', identity_type: 2 });
    expect(named.json()).toMatchObject({ author_screen_name: expert.username, is_expert: true });
    const seen = (await call(member, 'GET', url)).json().posts;
    expect(seen.map((p: { me: boolean }) => p.me)).toEqual([true, false]);
    const delivered = await sessionActivityOf(expert);
    expect(delivered.some((e) => (e.data as { kind: string }).kind === 'post')).toBe(true);
  });

  it('serves the recording to members only, with ranges, named after the session', async () => {
    const expert = await signUp(app);
    const member = await signUp(app);
    const stranger = await signUp(app);
    const communityId = await fx.community(expert, {}, [member]);
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    await deps.storage.put('sessions/test/recording.mp4', bytes);
    const ready = await lessonRow(communityId, expert, {
      name: 'Evening: calm',
      state: SessionState.REPLAYREADY,
      mediaKey: 'sessions/test/recording.mp4',
    });
    const processing = await lessonRow(communityId, expert, { state: SessionState.PROCESSING });
    const url = (id: number) => `communities/${communityId}/chat-sessions/${id}/mediafile`;
    const whole = await call(member, 'GET', url(ready.id));
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-disposition']).toContain('filename="Evening_ calm.mp4"');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await app.inject({
      method: 'GET',
      url: `/api/${url(ready.id)}`,
      headers: { ...member.headers, range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    expect((await call(stranger, 'GET', url(ready.id))).statusCode).toBe(403);
    const notYet = await call(member, 'GET', url(processing.id));
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json().error).toBe('no_media');
  });
});

const ffmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

if (!ffmpeg) {
  console.warn(
    '[orbit] no ffmpeg on the PATH (apt-get install ffmpeg): the recording processing test is left out.',
  );
} else {
  describe('recording processing', () => {
    it('turns a recorded bridge mix into a playable mp4, resumes after a crash and fails without recordings', async () => {
      const expert = await signUp(app);
      const communityId = await fx.community(expert);
      const dir = fs.mkdtempSync(path.join(dataDir, 'rec-'));
      // Two seconds of tone as the audio bridge would have written it.
      execFileSync('ffmpeg', [
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:duration=2',
        path.join(dir, 'audio.wav'),
      ]);
      const crashed = await lessonRow(communityId, expert, {
        state: SessionState.PROCESSING,
        recordingDir: dir,
        processingStartedAt: new Date(Date.now() - RECORDING_LEASE_MS - 1000),
      });
      const busy = await lessonRow(communityId, expert, {
        state: SessionState.PROCESSING,
        recordingDir: dir,
        processingStartedAt: new Date(),
      });
      const empty = await lessonRow(communityId, expert, {
        state: SessionState.ENDED,
        recordingDir: fs.mkdtempSync(path.join(dataDir, 'rec-')),
      });
      await resumeRecordings(deps, silent);
      const done = await stateOf(crashed.id);
      expect(done.state).toBe(SessionState.REPLAYREADY);
      const mp4 = await deps.storage.get(done.mediaKey ?? '');
      expect(mp4?.subarray(4, 8).toString()).toBe('ftyp');
      // A claim still inside its lease belongs to a run in progress: left alone.
      expect((await stateOf(busy.id)).state).toBe(SessionState.PROCESSING);
      expect((await stateOf(empty.id)).state).toBe(SessionState.PROCESSING_FAILED);
    });
  });
}

/** A member's own connection to the audio bridge, as janus.js makes it in the browser. */
async function bridgeHandle(url: string): Promise<JanusHandle> {
  const connection = await JanusConnection.open(url);
  const janusSession = await connection.createSession();
  return janusSession.attach(AUDIOBRIDGE_PLUGIN);
}

if (!janusBinary) {
  console.warn(
    '[orbit] no janus binary on the PATH (apt-get install janus): the live lesson tests are left out.',
  );
} else {
  describe('live lessons on a real Janus', () => {
    const handles: JanusHandle[] = [];
    let expert: TestUser;
    let viewer: TestUser;
    let second: TestUser;
    let stranger: TestUser;
    let communityId: number;
    let lessonId: number;
    const base = () => `communities/${communityId}/chat-sessions/${lessonId}`;
    const moderate = (user: TestUser, action: string, userId?: number) =>
      call(user, 'POST', `${base()}/moderate`, userId ? { action, user_id: userId } : { action });
    const mic = (user: TestUser, action: string) => call(user, 'POST', `${base()}/mic`, { action });
    // This app starts one Janus child: every lesson's rooms are on it.
    const gateway = () => deps.media.gateways[0];
    const bridgeMuted = async (userId: number) => {
      const { session: lesson } = (await call(expert, 'GET', `gojitalk/${lessonId}`)).json();
      const list = await (await gateway().audioBridges()).listParticipants(lesson.janus_room_id);
      return list.find((p) => p.id === userId)?.muted;
    };

    beforeAll(async () => {
      await deps.media.start();
      expert = await signUp(app);
      viewer = await signUp(app);
      second = await signUp(app);
      stranger = await signUp(app);
      communityId = await fx.community(expert, {}, [viewer, second]);
      return async () => {
        for (const handle of handles) handle.session.connection.close();
      };
    });

    it('lets an expert start a lesson with recorded rooms, announced to the members', async () => {
      const started = await call(expert, 'POST', `communities/${communityId}/chat-sessions`, {
        name: ' Sunrise yoga ',
        description: 'Gentle start',
      });
      expect(started.statusCode).toBe(201);
      const lesson = started.json();
      lessonId = lesson.id;
      expect(lesson).toMatchObject({
        name: 'Sunrise yoga',
        state: SessionState.RUNNING,
        instructor_id: expert.userId,
        janus_server_name: gateway().name,
      });
      const bridges = await gateway().audioBridges();
      expect(await bridges.exists(lesson.janus_room_id)).toBe(true);
      expect(await (await gateway().videoRooms()).exists(lesson.video_session_id)).toBe(true);
      const announced = await sessionActivityOf(viewer);
      expect(announced.at(-1)?.subtype).toBe('NEW');
      expect(
        (await call(expert, 'POST', `communities/${communityId}/chat-sessions`, { name: '' })).statusCode,
      ).toBe(400);
    });

    it('hands members the rooms pins, never the secrets, and shows the host as the expert', async () => {
      const room = (await call(viewer, 'GET', `gojitalk/${lessonId}`)).json();
      expect(room.is_host).toBe(false);
      expect(room.janus_url).toBe(gateway().publicUrl);
      const [row] = await deps.db.select().from(lessons).where(eq(lessons.id, lessonId));
      expect(room.janus_admin_passwd).toBe(row.audioPin);
      expect(room.video_passwd).toBe(row.videoPin);
      expect(JSON.stringify(room)).not.toContain(row.audioSecret);
      expect(JSON.stringify(room)).not.toContain(row.videoSecret);
      expect((await call(expert, 'GET', `gojitalk/${lessonId}`)).json().is_host).toBe(true);
      expect((await call(stranger, 'GET', `gojitalk/${lessonId}`)).statusCode).toBe(403);

      for (const user of [viewer, second]) {
        const handle = await bridgeHandle(room.janus_url);
        handles.push(handle);
        await handle.message({
          request: 'join',
          room: room.session.janus_room_id,
          pin: room.janus_admin_passwd,
          id: user.userId,
          muted: true,
        });
      }
      expect(await bridgeMuted(viewer.userId)).toBe(true);
    });

    it('keeps every moderator action to the host', async () => {
      for (const action of [
        'grant',
        'ungrant',
        'ungrant_all',
        'enable',
        'disable',
        'mute',
        'unmute',
        'kick',
      ]) {
        const refused = await moderate(viewer, action, second.userId);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe('not_the_host');
      }
      expect((await moderate(stranger, 'kick', viewer.userId)).statusCode).toBe(403);
      expect((await moderate(expert, 'grant')).json().error).toBe('user_required');
      expect((await moderate(expert, 'kick', stranger.userId)).statusCode).toBe(404);
      expect((await moderate(expert, 'bogus', viewer.userId)).statusCode).toBe(400);
      // Unmuting a viewer who does not hold the mic would hand them the floor: refused.
      expect((await moderate(expert, 'unmute', viewer.userId)).json().error).toBe('mic_not_granted');
      expect(await bridgeMuted(viewer.userId)).toBe(true);
    });

    it('queues mic requests in order, grants and takes the mic through the bridge, and tells the viewer', async () => {
      expect((await mic(viewer, 'cancel')).json().error).toBe('mic_state');
      expect((await mic(second, 'request')).json().mic).toBe(SessionMicState.REQUESTED);
      expect((await mic(viewer, 'request')).json().mic).toBe(SessionMicState.REQUESTED);
      expect((await mic(viewer, 'request')).statusCode).toBe(409);
      expect((await mic(expert, 'request')).json().error).toBe('host_mic');
      const floor = (await call(viewer, 'GET', `gojitalk/${lessonId}`)).json().floor;
      expect(floor).toMatchObject({
        requests_enable: true,
        pending: [second.userId, viewer.userId],
        active: [],
      });

      const granted = await moderate(expert, 'grant', viewer.userId);
      expect(granted.statusCode).toBe(200);
      expect(granted.json()).toMatchObject({ pending: [second.userId], active: [viewer.userId] });
      expect(await bridgeMuted(viewer.userId)).toBe(false);
      const told = await sessionActivityOf(viewer);
      expect(told.map((e) => e.data)).toContainEqual({
        kind: 'mic',
        session_id: lessonId,
        mic: SessionMicState.GRANTED,
      });
      const viewers = (await call(expert, 'GET', `${base()}/viewers`)).json().viewers;
      expect(viewers.find((v: { user_id: number }) => v.user_id === viewer.userId)).toMatchObject({
        mic: SessionMicState.GRANTED,
        present: true,
        muted: false,
      });

      await moderate(expert, 'mute', viewer.userId);
      expect(await bridgeMuted(viewer.userId)).toBe(true);
      await moderate(expert, 'unmute', viewer.userId);
      expect(await bridgeMuted(viewer.userId)).toBe(false);
      expect((await moderate(expert, 'ungrant_all')).json().active).toEqual([]);
      expect(await bridgeMuted(viewer.userId)).toBe(true);
      expect((await moderate(expert, 'ungrant', viewer.userId)).json().error).toBe('mic_state');

      const off = await moderate(expert, 'disable');
      expect(off.json()).toMatchObject({ requests_enable: false, pending: [] });
      const refused = await mic(viewer, 'request');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('requests_disabled');
      expect((await moderate(expert, 'enable')).json().requests_enable).toBe(true);
    });

    it('kicks a viewer out of the bridge with the room secret and keeps them out', async () => {
      const kicked = await moderate(expert, 'kick', second.userId);
      expect(kicked.statusCode).toBe(200);
      const { session: lesson } = (await call(expert, 'GET', `gojitalk/${lessonId}`)).json();
      const bridges = await gateway().audioBridges();
      await vi.waitFor(async () => {
        const ids = (await bridges.listParticipants(lesson.janus_room_id)).map((p) => p.id);
        expect(ids).not.toContain(second.userId);
      }, EVENTUALLY);
      const again = await call(second, 'GET', `gojitalk/${lessonId}`);
      expect(again.statusCode).toBe(403);
      expect(again.json().error).toBe('kicked');
      expect((await call(second, 'POST', `${base()}/posts`, { message: 'hi' })).statusCode).toBe(403);
      expect((await mic(second, 'request')).statusCode).toBe(403);
    });

    it('ends the lesson for the host only, destroys its rooms and processes what was recorded', async () => {
      expect((await call(viewer, 'POST', `${base()}/end`)).statusCode).toBe(403);
      const { session: lesson } = (await call(expert, 'GET', `gojitalk/${lessonId}`)).json();
      const ended = await call(expert, 'POST', `${base()}/end`);
      expect(ended.statusCode).toBe(200);
      expect(ended.json().state).toBe(SessionState.ENDED);
      expect(await (await gateway().audioBridges()).exists(lesson.janus_room_id)).toBe(false);
      expect((await call(expert, 'POST', `${base()}/end`)).json().error).toBe('session_ended');
      expect((await mic(viewer, 'request')).json().error).toBe('session_ended');
      const room = (await call(viewer, 'GET', `gojitalk/${lessonId}`)).json();
      expect(room.janus_admin_passwd).toBeNull();
      // Nobody published video; the bridge's mix decides between a replay and a failure, never a hang.
      await vi.waitFor(async () => {
        expect([SessionState.REPLAYREADY, SessionState.PROCESSING_FAILED]).toContain(
          (await stateOf(lessonId)).state,
        );
      }, EVENTUALLY);
    });
  });
}
