import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  EventType,
  LIMITS,
  RECORDING_LEASE_MS,
  type SessionMicBody,
  SessionMicState,
  type SessionModerateBody,
  type SessionPostBody,
  SessionState,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lessons } from '../../db/schema';
import { JanusConnection, type JanusHandle } from '../../platform/media/janus-client';
import { findJanusBinary } from '../../platform/media/janus-process';
import { AUDIOBRIDGE_PLUGIN } from '../../platform/media/janus-rooms';
import { call, unchecked } from '../../test/call';
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

const startLesson = (user: TestUser, id: number, name: string, description?: string) =>
  call(app, 'createLesson', { headers: user.headers, params: { id }, body: { name, description } });
const lessonsOf = (user: TestUser, id: number) =>
  call(app, 'lessons', { headers: user.headers, params: { id } });
const roomOf = (user: TestUser, id: number) =>
  call(app, 'lessonRoom', { headers: user.headers, params: { id } });

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
    const byMember = await startLesson(member, communityId, 'Yoga');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error).toBe('not_an_expert');
    const byExpert = await startLesson(expert, communityId, 'Yoga');
    expect(byExpert.statusCode).toBe(503);
    expect(byExpert.json().error).toBe('media_unavailable');
    const list = await lessonsOf(expert, communityId);
    expect(list.json().sessions).toEqual([]);
  });

  it('lists lessons to members only, live ones apart, and hides a private community from others', async () => {
    const expert = await signUp(app);
    const member = await signUp(app);
    const stranger = await signUp(app);
    const communityId = await fx.community(expert, {}, [member]);
    const live = await lessonRow(communityId, expert);
    const saved = await lessonRow(communityId, expert, { state: SessionState.REPLAYREADY, name: 'Saved' });
    const all = await lessonsOf(member, communityId);
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .sessions.map((s) => s.id)
        .sort(),
    ).toEqual([live.id, saved.id].sort());
    const only = await call(app, 'liveLessons', { headers: member.headers, params: { id: communityId } });
    expect(only.json().sessions.map((s) => [s.id, s.state])).toEqual([[live.id, SessionState.RUNNING]]);
    expect(only.json().sessions[0].instructor_id).toBe(expert.userId);
    expect(only.json().sessions[0].instructor_screen_name).toBe(expert.username);
    expect((await lessonsOf(stranger, communityId)).statusCode).toBe(403);
    expect((await roomOf(stranger, live.id)).statusCode).toBe(403);
    const hidden = await fx.community(expert, { accessType: 2 });
    const hiddenLesson = await lessonRow(hidden, expert);
    expect((await lessonsOf(stranger, hidden)).statusCode).toBe(404);
    expect((await roomOf(stranger, hiddenLesson.id)).statusCode).toBe(404);
    // A lesson asked for under another community's id does not exist there.
    const elsewhere = { headers: member.headers, params: { id: hidden, sessionId: live.id } };
    expect((await call(app, 'lessonPosts', elsewhere)).statusCode).toBe(404);
  });

  it('keeps lesson posts to 65536 characters (post max size), trimmed, not empty, anonymous by default', async () => {
    const expert = await signUp(app);
    const member = await signUp(app);
    const communityId = await fx.community(expert, {}, [member]);
    const lesson = await lessonRow(communityId, expert);
    const params = { id: communityId, sessionId: lesson.id };
    const post = (user: TestUser, body: SessionPostBody) =>
      call(app, 'createLessonPost', { headers: user.headers, params, body });
    const posts = (user: TestUser) => call(app, 'lessonPosts', { headers: user.headers, params });
    const tooLong = await post(member, { message: 'a'.repeat(LIMITS.sessionPost + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: 'post_max_size', message: 'post max size' });
    const blank = await post(member, { message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('empty_post');
    expect((await posts(member)).json().posts).toEqual([]);

    const longest = await post(member, { message: ` ${'b'.repeat(LIMITS.sessionPost)} ` });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().message).toHaveLength(LIMITS.sessionPost);
    expect(longest.json()).toMatchObject({ identity_type: 3, me: true, is_expert: false });
    expect(longest.json().author_screen_name).not.toBe(member.username);
    const named = await post(expert, { message: 'Welcome', identity_type: 2 });
    expect(named.json()).toMatchObject({ author_screen_name: expert.username, is_expert: true });
    const seen = (await posts(member)).json().posts;
    expect(seen.map((p) => p.me)).toEqual([true, false]);
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
    const recording = (user: TestUser, sessionId: number, headers: Record<string, string> = {}) =>
      call(app, 'lessonRecording', {
        headers: { ...user.headers, ...headers },
        params: { id: communityId, sessionId },
      });
    const whole = await recording(member, ready.id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-disposition']).toContain('filename="Evening_ calm.mp4"');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await recording(member, ready.id, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    expect((await recording(stranger, ready.id)).statusCode).toBe(403);
    const notYet = await recording(member, processing.id);
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
    const params = () => ({ id: communityId, sessionId: lessonId });
    const moderate = (user: TestUser, action: SessionModerateBody['action'], userId?: number) =>
      call(app, 'moderateLesson', {
        headers: user.headers,
        params: params(),
        body: { action, user_id: userId },
      });
    const mic = (user: TestUser, action: SessionMicBody['action']) =>
      call(app, 'lessonMic', { headers: user.headers, params: params(), body: { action } });
    const end = (user: TestUser) => call(app, 'endLesson', { headers: user.headers, params: params() });
    // This app starts one Janus child: every lesson's rooms are on it.
    const gateway = () => deps.media.gateways[0];
    const bridgeMuted = async (userId: number) => {
      const { session: lesson } = (await roomOf(expert, lessonId)).json();
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
      const started = await startLesson(expert, communityId, ' Sunrise yoga ', 'Gentle start');
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
      expect((await startLesson(expert, communityId, '')).statusCode).toBe(400);
    });

    it('hands members the rooms pins, never the secrets, and shows the host as the expert', async () => {
      const room = (await roomOf(viewer, lessonId)).json();
      expect(room.is_host).toBe(false);
      expect(room.janus_url).toBe(gateway().publicUrl);
      const [row] = await deps.db.select().from(lessons).where(eq(lessons.id, lessonId));
      expect(room.janus_admin_passwd).toBe(row.audioPin);
      expect(room.video_passwd).toBe(row.videoPin);
      expect(JSON.stringify(room)).not.toContain(row.audioSecret);
      expect(JSON.stringify(room)).not.toContain(row.videoSecret);
      expect((await roomOf(expert, lessonId)).json().is_host).toBe(true);
      expect((await roomOf(stranger, lessonId)).statusCode).toBe(403);

      for (const user of [viewer, second]) {
        const handle = await bridgeHandle(room.janus_url ?? '');
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
      ] as const) {
        const refused = await moderate(viewer, action, second.userId);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toBe('not_the_host');
      }
      expect((await moderate(stranger, 'kick', viewer.userId)).statusCode).toBe(403);
      expect((await moderate(expert, 'grant')).json().error).toBe('user_required');
      expect((await moderate(expert, 'kick', stranger.userId)).statusCode).toBe(404);
      expect((await moderate(expert, unchecked('bogus'), viewer.userId)).statusCode).toBe(400);
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
      const floor = (await roomOf(viewer, lessonId)).json().floor;
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
      const viewers = (await call(app, 'lessonViewers', { headers: expert.headers, params: params() })).json()
        .viewers;
      expect(viewers.find((v) => v.user_id === viewer.userId)).toMatchObject({
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
      const { session: lesson } = (await roomOf(expert, lessonId)).json();
      const bridges = await gateway().audioBridges();
      await vi.waitFor(async () => {
        const ids = (await bridges.listParticipants(lesson.janus_room_id)).map((p) => p.id);
        expect(ids).not.toContain(second.userId);
      }, EVENTUALLY);
      const again = await roomOf(second, lessonId);
      expect(again.statusCode).toBe(403);
      expect(again.json().error).toBe('kicked');
      const post = { headers: second.headers, params: params(), body: { message: 'hi' } };
      expect((await call(app, 'createLessonPost', post)).statusCode).toBe(403);
      expect((await mic(second, 'request')).statusCode).toBe(403);
    });

    it('ends the lesson for the host only, destroys its rooms and processes what was recorded', async () => {
      expect((await end(viewer)).statusCode).toBe(403);
      const { session: lesson } = (await roomOf(expert, lessonId)).json();
      const ended = await end(expert);
      expect(ended.statusCode).toBe(200);
      expect(ended.json().state).toBe(SessionState.ENDED);
      expect(await (await gateway().audioBridges()).exists(lesson.janus_room_id)).toBe(false);
      expect((await end(expert)).json().error).toBe('session_ended');
      expect((await mic(viewer, 'request')).json().error).toBe('session_ended');
      const room = (await roomOf(viewer, lessonId)).json();
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
