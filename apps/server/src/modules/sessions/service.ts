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
import { chatSessions, chatSessionViewers } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { inTransaction } from '../../platform/tx';
import { assertExpert, assertMember } from '../communities';
import { announceSession } from './events';
import { assertNotKicked, assertRunning, assertSessionMember, noSuchSession } from './policy';
import { presentFloor, presentOne, presentSessions } from './presenter';
import { sessionsOf } from './queries';
import { processRecordingSoon } from './recording';
import { createRooms, destroyRooms, gatewayOf } from './rooms';

/** An expert creates a session in their community and it starts at once (state RUNNING). */
export async function createSession(
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
        .insert(chatSessions)
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
      await announceSession(work, row, EventSubtype.NEW);
      return presentOne(work.tx, row);
    });
  } catch (err) {
    await destroyRooms(gateway, video, audio);
    throw err;
  }
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

/** In the room from now on (its CHAT toasts reach me); a kick recorded meanwhile stays. */
async function enterRoom(deps: AppDeps, sessionId: number, userId: number) {
  await deps.db
    .insert(chatSessionViewers)
    .values({ sessionId, userId })
    .onConflictDoUpdate({
      target: [chatSessionViewers.sessionId, chatSessionViewers.userId],
      set: { present: true },
    });
}

/**
 * POST /gojitalk/{id}/leave: the member closed the room, so its chat stops reaching them as CHAT toasts
 * (the POSTS list still follows SESSION_ACTIVITY). Their mic standing stays as the host left it.
 */
export async function leaveRoom(deps: AppDeps, userId: number, sessionId: number) {
  await assertSessionMember(deps.db, userId, sessionId);
  await deps.db
    .update(chatSessionViewers)
    .set({ present: false })
    .where(and(eq(chatSessionViewers.sessionId, sessionId), eq(chatSessionViewers.userId, userId)));
  return { ok: true };
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
  if (running && !isHost && !viewer?.present) await enterRoom(deps, sessionId, userId);
  // The session's own gateway: every member meets its host there (0027).
  const gateway = running ? gatewayOf(deps, session) : null;
  const joinable = gateway !== null;
  return {
    session: await presentOne(deps.db, session),
    is_host: isHost,
    my_mic: viewer?.mic ?? SessionMicState.NONE,
    floor: await presentFloor(deps.db, session),
    janus_url: gateway?.publicUrl ?? null,
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
    gatewayOf(deps, ended),
    { roomId: ended.videoRoomId, secret: ended.videoSecret },
    { roomId: ended.audioRoomId, secret: ended.audioSecret },
  );
  processRecordingSoon(deps, log, sessionId);
  return presentOne(deps.db, ended);
}
