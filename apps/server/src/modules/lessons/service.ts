import {
  type ChatSessionList,
  EventSubtype,
  type SessionCreateBody,
  SessionMicState,
  type SessionRoom,
  SessionState,
} from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { lessons, lessonViewers } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { inTransaction, type Work } from '../../platform/tx';
import { assertExpert, assertMember } from '../communities';
import { announceLesson } from './events';
import { pushLessonStarted } from './notices';
import { assertLessonMember, assertNotKicked, assertRunning, noSuchLesson } from './policy';
import { presentFloor, presentLessons, presentOne } from './presenter';
import { type LessonRow, lessonsOf } from './queries';
import { processRecordingSoon } from './recording';
import { createRooms, destroyRooms, gatewayOf } from './rooms';

/** An expert creates a lesson in their community and it starts at once (state RUNNING). */
export async function createLesson(
  deps: AppDeps,
  userId: number,
  communityId: number,
  body: SessionCreateBody,
) {
  await assertExpert(deps.db, communityId, userId);
  const { gateway, video, audio, recordingDir } = await createRooms(deps, body.name.trim() || body.name);
  try {
    return await inTransaction(unitOfWork(deps), async (work) => {
      const [row] = await work.tx
        .insert(lessons)
        .values({
          communityId,
          instructorId: userId,
          name: body.name.trim(),
          description: body.description?.trim() ?? '',
          state: SessionState.RUNNING,
          janusGateway: gateway.name,
          videoRoomId: video.roomId,
          videoSecret: video.secret,
          videoPin: video.pin,
          audioRoomId: audio.roomId,
          audioSecret: audio.secret,
          audioPin: audio.pin,
          recordingDir,
        })
        .returning();
      await announceLesson(work, row, EventSubtype.NEW);
      await pushLessonStarted(work, row);
      return presentOne(work.tx, row);
    });
  } catch (err) {
    await destroyRooms(gateway, video, audio);
    throw err;
  }
}

export async function listLessons(
  deps: AppDeps,
  userId: number,
  communityId: number,
  liveOnly: boolean,
): Promise<ChatSessionList> {
  await assertMember(deps.db, communityId, userId);
  const rows = await lessonsOf(deps.db, communityId, liveOnly);
  return { sessions: await presentLessons(deps.db, communityId, rows) };
}

/** In the room from now on (its CHAT toasts reach me); a kick recorded meanwhile stays. */
async function enterRoom(deps: AppDeps, lessonId: number, userId: number) {
  await deps.db
    .insert(lessonViewers)
    .values({ lessonId, userId })
    .onConflictDoUpdate({
      target: [lessonViewers.lessonId, lessonViewers.userId],
      set: { present: true },
    });
}

/**
 * POST /gojitalk/{id}/leave: the member closed the room, so its chat stops reaching them as CHAT toasts
 * (the POSTS list still follows SESSION_ACTIVITY). Their mic standing stays as the host left it.
 */
export async function leaveRoom(deps: AppDeps, userId: number, lessonId: number) {
  await assertLessonMember(deps.db, userId, lessonId);
  await deps.db
    .update(lessonViewers)
    .set({ present: false })
    .where(and(eq(lessonViewers.lessonId, lessonId), eq(lessonViewers.userId, userId)));
  return { ok: true };
}

/**
 * GET /gojitalk/{id}: the lesson, my standing in it and, while it runs, how to join its rooms (each room
 * has its own pin: the audio bridge's is janus_admin_passwd, the video room's video_passwd). Fetching it as
 * a viewer enters the VIEWERS list.
 */
export async function lessonRoom(deps: AppDeps, userId: number, lessonId: number): Promise<SessionRoom> {
  const access = await assertLessonMember(deps.db, userId, lessonId);
  const { lesson, isHost } = access;
  const viewer = await assertNotKicked(deps.db, lessonId, userId);
  const running = lesson.state === SessionState.RUNNING;
  if (running && !isHost && !viewer?.present) await enterRoom(deps, lessonId, userId);
  // The lesson's own gateway: every member meets its host there (0027).
  const gateway = running ? gatewayOf(deps, lesson) : null;
  const joinable = gateway !== null;
  return {
    session: await presentOne(deps.db, lesson),
    is_host: isHost,
    my_mic: viewer?.mic ?? SessionMicState.NONE,
    floor: await presentFloor(deps.db, lesson),
    janus_url: gateway?.publicUrl ?? null,
    janus_admin_passwd: joinable ? lesson.audioPin : null,
    video_passwd: joinable ? lesson.videoPin : null,
    ice_servers: deps.media.iceServers,
  };
}

/**
 * Ends a running lesson (its host, or an expert of the community when the host is gone): the rooms are
 * destroyed, which closes Janus's recorders, and the recording is processed off the request path.
 */
export async function endLesson(
  deps: AppDeps,
  log: Logger,
  userId: number,
  communityId: number,
  lessonId: number,
) {
  const access = await assertLessonMember(deps.db, userId, lessonId, communityId);
  if (!access.isHost) await assertExpert(deps.db, communityId, userId);
  assertRunning(access.lesson);
  const ended = await inTransaction(unitOfWork(deps), async (work) => {
    const row = await endLessonIn(work, lessonId);
    if (!row) throw noSuchLesson();
    return row;
  });
  await afterLessonEnded(deps, log, ended);
  return presentOne(deps.db, ended);
}

/**
 * Ends the lesson in the caller's unit of work if it is running: every member gets its END. Null when it was
 * not running (ended already, or gone); otherwise `afterLessonEnded` follows the commit.
 */
export async function endLessonIn(work: Work, lessonId: number): Promise<LessonRow | null> {
  const [row] = await work.tx
    .update(lessons)
    .set({ state: SessionState.ENDED, endedAt: new Date() })
    .where(and(eq(lessons.id, lessonId), eq(lessons.state, SessionState.RUNNING)))
    .returning();
  if (row) await announceLesson(work, row, EventSubtype.END);
  return row ?? null;
}

/** Once an end has committed: the rooms are destroyed, which closes Janus's recorders, and the recording is processed. */
export async function afterLessonEnded(deps: AppDeps, log: Logger, ended: LessonRow) {
  await destroyRooms(
    gatewayOf(deps, ended),
    { roomId: ended.videoRoomId, secret: ended.videoSecret },
    { roomId: ended.audioRoomId, secret: ended.audioSecret },
  );
  processRecordingSoon(deps, log, ended.id);
}
