import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type ChatSessionList,
  EventSubtype,
  type SessionCreateBody,
  SessionMicState,
  type SessionRoom,
  SessionState,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { chatSessions, chatSessionViewers } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { mediaUnavailable, type RoomCredentials } from '../../platform/media';
import { inTransaction } from '../../platform/tx';
import { assertExpert, assertMember } from '../communities/policy';
import { announceSession, unitOfWork } from './events';
import { assertNotKicked, assertRunning, assertSessionMember, noSuchSession } from './policy';
import { presentFloor, presentOne, presentSessions } from './presenter';
import { sessionsOf } from './queries';
import { processRecordingSoon } from './recording';

/** Both rooms of one session, recorded into a folder of its own under Janus's recordings folder. */
async function createRooms(deps: AppDeps, name: string) {
  if (!deps.media.available) throw mediaUnavailable();
  const base = deps.media.recordingsDir;
  const recordingDir = base ? path.join(base, `session-${randomBytes(8).toString('hex')}`) : null;
  // The audio bridge opens its .wav itself and needs the folder to exist; the video room creates it.
  if (recordingDir) fs.mkdirSync(recordingDir, { recursive: true });
  const record = recordingDir !== null;
  const video = await deps.media.createRoom('video', {
    description: name,
    publishers: 1,
    record,
    recDir: recordingDir ?? undefined,
  });
  try {
    const audio = await deps.media.createRoom('audio', {
      description: name,
      record,
      recordFile: recordingDir ? path.join(recordingDir, 'audio.wav') : undefined,
    });
    return { video, audio, recordingDir };
  } catch (err) {
    await deps.media.destroyRoom('video', video).catch(() => {});
    throw err;
  }
}

/** An expert creates a session in their community and it starts at once (state RUNNING). */
export async function createSession(
  deps: AppDeps,
  userId: number,
  communityId: number,
  body: SessionCreateBody,
) {
  await assertExpert(deps.db, communityId, userId);
  const { video, audio, recordingDir } = await createRooms(deps, body.name.trim() || body.name);
  try {
    return await inTransaction(unitOfWork(deps), async (work) => {
      const [row] = await work.tx
        .insert(chatSessions)
        .values({
          communityId,
          instructorId: userId,
          name: body.name.trim(),
          description: body.description?.trim() ?? '',
          state: SessionState.RUNNING,
          videoRoomId: video.roomId,
          videoSecret: video.secret,
          videoPin: video.pin,
          audioRoomId: audio.roomId,
          audioSecret: audio.secret,
          audioPin: audio.pin,
          recordingDir,
        })
        .returning();
      await announceSession(work, row, EventSubtype.NEW);
      return presentOne(work.tx, row);
    });
  } catch (err) {
    await destroyRooms(deps, video, audio);
    throw err;
  }
}

async function destroyRooms(
  deps: AppDeps,
  video: Pick<RoomCredentials, 'roomId' | 'secret'>,
  audio: Pick<RoomCredentials, 'roomId' | 'secret'>,
) {
  await Promise.allSettled([deps.media.destroyRoom('video', video), deps.media.destroyRoom('audio', audio)]);
}

export async function listSessions(
  deps: AppDeps,
  userId: number,
  communityId: number,
  liveOnly: boolean,
): Promise<ChatSessionList> {
  await assertMember(deps.db, communityId, userId);
  const rows = await sessionsOf(deps.db, communityId, liveOnly);
  return { sessions: await presentSessions(deps.db, communityId, rows) };
}

/**
 * GET /gojitalk/{id}: the session, my standing in it and, while it runs, how to join its rooms (each room
 * has its own pin: the audio bridge's is janus_admin_passwd, the video room's video_passwd). Fetching it as
 * a viewer enters the VIEWERS list.
 */
export async function sessionRoom(deps: AppDeps, userId: number, sessionId: number): Promise<SessionRoom> {
  const access = await assertSessionMember(deps.db, userId, sessionId);
  const { session, isHost } = access;
  const viewer = await assertNotKicked(deps.db, sessionId, userId);
  const running = session.state === SessionState.RUNNING;
  if (running && !isHost && !viewer) {
    await deps.db.insert(chatSessionViewers).values({ sessionId, userId }).onConflictDoNothing();
  }
  const joinable = running && deps.media.available;
  return {
    session: await presentOne(deps.db, session),
    is_host: isHost,
    my_mic: viewer?.mic ?? SessionMicState.NONE,
    floor: await presentFloor(deps.db, session),
    janus_url: joinable ? deps.media.publicJanusUrl : null,
    janus_admin_passwd: joinable ? session.audioPin : null,
    video_passwd: joinable ? session.videoPin : null,
    ice_servers: deps.media.iceServers,
  };
}

/**
 * Ends a running session (its host, or an expert of the community when the host is gone): the rooms are
 * destroyed, which closes Janus's recorders, and the recording is processed off the request path.
 */
export async function endSession(
  deps: AppDeps,
  log: Logger,
  userId: number,
  communityId: number,
  sessionId: number,
) {
  const access = await assertSessionMember(deps.db, userId, sessionId, communityId);
  if (!access.isHost) await assertExpert(deps.db, communityId, userId);
  assertRunning(access.session);
  const ended = await inTransaction(unitOfWork(deps), async (work) => {
    const [row] = await work.tx
      .update(chatSessions)
      .set({ state: SessionState.ENDED, endedAt: new Date() })
      .where(eq(chatSessions.id, sessionId))
      .returning();
    if (!row) throw noSuchSession();
    await announceSession(work, row, EventSubtype.END);
    return row;
  });
  await destroyRooms(
    deps,
    { roomId: ended.videoRoomId, secret: ended.videoSecret },
    { roomId: ended.audioRoomId, secret: ended.audioSecret },
  );
  processRecordingSoon(deps, log, sessionId);
  return presentOne(deps.db, ended);
}
