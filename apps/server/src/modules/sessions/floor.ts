import {
  EventSubtype,
  EventType,
  ModeratorAction,
  type SessionMicBody,
  SessionMicState,
  type SessionModerateBody,
  SessionState,
  type SessionViewers,
} from '@orbit/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { chatSessions, chatSessionViewers } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { JanusError } from '../../platform/media/janus-client';
import { inTransaction, type Work } from '../../platform/tx';
import { standingIn } from '../communities';
import { announce } from './events';
import {
  assertHost,
  assertNotKicked,
  assertRunning,
  assertSessionMember,
  type SessionAccess,
} from './policy';
import { presentFloor, presentViewer } from './presenter';
import { communityFaces, type SessionRow, viewersOf } from './queries';
import { bridgesOf, gatewayOf } from './rooms';

/** The audio bridge's "no such user": the participant is not (or no longer) in the room. */
const JANUS_NO_SUCH_USER = 488;

const micState = (from: string) =>
  new AppError(409, 'mic_state', `The mic cannot be ${from} from its present state`);

/** Everyone in the community sees the floor change (Q&A, queue, grants): their buttons follow it. */
async function announceFloor(work: Work, session: SessionRow) {
  const [fresh] = await work.tx.select().from(chatSessions).where(eq(chatSessions.id, session.id));
  await announce(work, session.communityId, EventSubtype.UPDATE, {
    kind: 'floor',
    session_id: session.id,
    floor: await presentFloor(work.tx, fresh ?? session),
  });
}

/** gotMic and micRemoved go to the viewer concerned only. */
async function tellViewer(work: Work, session: SessionRow, userId: number, mic: SessionMicState) {
  await work.emit([userId], EventType.SESSION_ACTIVITY, EventSubtype.UPDATE, {
    kind: 'mic',
    session_id: session.id,
    mic,
  });
}

async function setMic(work: Work, sessionId: number, userIds: number[], mic: SessionMicState) {
  if (userIds.length === 0) return;
  await work.tx
    .update(chatSessionViewers)
    .set({ mic, requestedAt: mic === SessionMicState.REQUESTED ? new Date() : null })
    .where(and(eq(chatSessionViewers.sessionId, sessionId), inArray(chatSessionViewers.userId, userIds)));
}

/** A room action on a participant who is not in the room changes nothing there: the record still holds. */
async function inRoom(action: () => Promise<void>): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (err) {
    if (err instanceof JanusError && err.code === JANUS_NO_SUCH_USER) return false;
    throw err;
  }
}

/** A viewer's own mic: request (Q&A on), cancel a request, return a granted mic. */
export async function changeMyMic(
  deps: AppDeps,
  userId: number,
  communityId: number,
  sessionId: number,
  body: SessionMicBody,
) {
  const { session, isHost } = await assertSessionMember(deps.db, userId, sessionId, communityId);
  assertRunning(session);
  if (isHost) throw badRequest('host_mic', 'The host holds the mic already');
  const viewer = await assertNotKicked(deps.db, sessionId, userId);
  const mic = viewer?.mic ?? SessionMicState.NONE;
  if (body.action === 'request') {
    if (!session.requestsEnabled) throw new AppError(409, 'requests_disabled', 'Q&A is off');
    if (mic !== SessionMicState.NONE) throw micState('requested');
  } else if (body.action === 'cancel' && mic !== SessionMicState.REQUESTED) throw micState('cancelled');
  else if (body.action === 'return' && mic !== SessionMicState.GRANTED) throw micState('returned');
  const next = body.action === 'request' ? SessionMicState.REQUESTED : SessionMicState.NONE;
  if (body.action === 'return') {
    await inRoom(async () =>
      (await bridgesOf(deps, session)).mute(session.audioRoomId, session.audioSecret, userId),
    );
  }
  await inTransaction(unitOfWork(deps), async (work) => {
    await work.tx.insert(chatSessionViewers).values({ sessionId, userId }).onConflictDoNothing();
    await setMic(work, sessionId, [userId], next);
    await tellViewer(work, session, userId, next);
    await announceFloor(work, session);
  });
  return { mic: next };
}

/** The target of a moderator action: a member of the community other than the host. */
async function assertTarget(deps: AppDeps, access: SessionAccess, targetId: number | undefined) {
  if (targetId === undefined) throw badRequest('user_required', 'This action needs a user_id');
  if (targetId === access.session.instructorId)
    throw badRequest('host_target', 'The host cannot be moderated');
  const standing = await standingIn(deps.db, access.session.communityId, targetId).catch(() => null);
  if (!standing?.isMember) throw notFound('No such viewer', 'no_such_viewer');
  return targetId;
}

type Moderation = (deps: AppDeps, access: SessionAccess, targetId: number | undefined) => Promise<void>;

const grant: Moderation = async (deps, { session }, targetId) => {
  const row = await assertNotKicked(deps.db, session.id, targetId as number);
  if (row?.mic === SessionMicState.GRANTED) throw micState('granted');
  await inRoom(async () =>
    (await bridgesOf(deps, session)).unmute(session.audioRoomId, session.audioSecret, targetId as number),
  );
  await inTransaction(unitOfWork(deps), async (work) => {
    await work.tx
      .insert(chatSessionViewers)
      .values({ sessionId: session.id, userId: targetId as number })
      .onConflictDoNothing();
    await setMic(work, session.id, [targetId as number], SessionMicState.GRANTED);
    await tellViewer(work, session, targetId as number, SessionMicState.GRANTED);
    await announceFloor(work, session);
  });
};

async function takeMics(deps: AppDeps, session: SessionRow, userIds: number[]) {
  const bridges = await bridgesOf(deps, session);
  for (const id of userIds) await inRoom(() => bridges.mute(session.audioRoomId, session.audioSecret, id));
  await inTransaction(unitOfWork(deps), async (work) => {
    await setMic(work, session.id, userIds, SessionMicState.NONE);
    for (const id of userIds) await tellViewer(work, session, id, SessionMicState.NONE);
    await announceFloor(work, session);
  });
}

const ungrant: Moderation = async (deps, { session }, targetId) => {
  const rows = await viewersOf(deps.db, session.id);
  if (rows.find((r) => r.userId === targetId)?.mic !== SessionMicState.GRANTED) throw micState('taken');
  await takeMics(deps, session, [targetId as number]);
};

const ungrantAll: Moderation = async (deps, { session }) => {
  const rows = await viewersOf(deps.db, session.id);
  await takeMics(
    deps,
    session,
    rows.filter((r) => r.mic === SessionMicState.GRANTED).map((r) => r.userId),
  );
};

/** Q&A on or off; switching it off drops the pending requests (their buttons show DISABLED). */
const setRequests =
  (enabled: boolean): Moderation =>
  async (deps, { session }) => {
    await inTransaction(unitOfWork(deps), async (work) => {
      await work.tx
        .update(chatSessions)
        .set({ requestsEnabled: enabled })
        .where(eq(chatSessions.id, session.id));
      if (!enabled) {
        const dropped = await work.tx
          .update(chatSessionViewers)
          .set({ mic: SessionMicState.NONE, requestedAt: null })
          .where(
            and(
              eq(chatSessionViewers.sessionId, session.id),
              eq(chatSessionViewers.mic, SessionMicState.REQUESTED),
            ),
          )
          .returning({ userId: chatSessionViewers.userId });
        for (const { userId } of dropped) await tellViewer(work, session, userId, SessionMicState.NONE);
      }
      await announceFloor(work, session);
    });
  };

/** Mute and unmute need the room secret, which only the server holds; a viewer must be in the room. */
const muteAs =
  (muted: boolean): Moderation =>
  async (deps, { session }, targetId) => {
    const row = (await viewersOf(deps.db, session.id)).find((r) => r.userId === targetId);
    if (!muted && row?.mic !== SessionMicState.GRANTED) {
      throw forbidden('Only a viewer holding the mic may be unmuted', 'mic_not_granted');
    }
    const bridges = await bridgesOf(deps, session);
    const act = muted ? bridges.mute.bind(bridges) : bridges.unmute.bind(bridges);
    const done = await inRoom(() => act(session.audioRoomId, session.audioSecret, targetId as number));
    if (!done) throw notFound('This viewer is not in the room', 'not_in_room');
  };

/** Kicked from the audio bridge with the room secret, and kept out: the record refuses them from now on. */
const kick: Moderation = async (deps, { session }, targetId) => {
  const userId = targetId as number;
  const bridges = await bridgesOf(deps, session);
  await inRoom(() => bridges.kick(session.audioRoomId, session.audioSecret, userId));
  await inTransaction(unitOfWork(deps), async (work) => {
    await work.tx
      .insert(chatSessionViewers)
      .values({ sessionId: session.id, userId, kicked: true })
      .onConflictDoUpdate({
        target: [chatSessionViewers.sessionId, chatSessionViewers.userId],
        set: { kicked: true, mic: SessionMicState.NONE, requestedAt: null },
      });
    await work.emit([userId], EventType.SESSION_ACTIVITY, EventSubtype.DELETE, {
      kind: 'kicked',
      session_id: session.id,
    });
    await announceFloor(work, session);
  });
};

const ACTIONS: Record<SessionModerateBody['action'], { run: Moderation; needsTarget: boolean }> = {
  [ModeratorAction.GRANT]: { run: grant, needsTarget: true },
  [ModeratorAction.UNGRANT]: { run: ungrant, needsTarget: true },
  [ModeratorAction.UNGRANT_ALL]: { run: ungrantAll, needsTarget: false },
  [ModeratorAction.ENABLE_REQUESTS]: { run: setRequests(true), needsTarget: false },
  [ModeratorAction.DISABLE_REQUESTS]: { run: setRequests(false), needsTarget: false },
  [ModeratorAction.MUTE]: { run: muteAs(true), needsTarget: true },
  [ModeratorAction.UNMUTE]: { run: muteAs(false), needsTarget: true },
  [ModeratorAction.KICK]: { run: kick, needsTarget: true },
};

/** The host's moderator actions (002 §4, §5): every one checked here, whatever the client shows. */
export async function moderate(
  deps: AppDeps,
  userId: number,
  communityId: number,
  sessionId: number,
  body: SessionModerateBody,
) {
  const access = await assertSessionMember(deps.db, userId, sessionId, communityId);
  assertHost(access);
  assertRunning(access.session);
  const action = ACTIONS[body.action];
  const target = action.needsTarget ? await assertTarget(deps, access, body.user_id) : undefined;
  await action.run(deps, access, target);
  const [fresh] = await deps.db.select().from(chatSessions).where(eq(chatSessions.id, sessionId));
  return presentFloor(deps.db, fresh ?? access.session);
}

/** The VIEWERS page: who entered, their mic, and whether Janus has them in the bridge and muted. */
export async function listViewers(
  deps: AppDeps,
  userId: number,
  communityId: number,
  sessionId: number,
): Promise<SessionViewers> {
  const { session } = await assertSessionMember(deps.db, userId, sessionId, communityId);
  const rows = (await viewersOf(deps.db, sessionId)).filter((r) => !r.kicked);
  const inBridge = new Map<number, { muted: boolean }>();
  const gateway = session.state === SessionState.RUNNING ? gatewayOf(deps, session) : null;
  if (gateway) {
    const participants = await (await gateway.audioBridges())
      .listParticipants(session.audioRoomId)
      .catch(() => []);
    for (const p of participants) inBridge.set(p.id, { muted: p.muted ?? true });
  }
  const faces = await communityFaces(
    deps.db,
    session.communityId,
    rows.map((r) => r.userId),
  );
  return {
    viewers: rows.map((r) => presentViewer(r, faces.get(r.userId), inBridge.get(r.userId))),
    floor: await presentFloor(deps.db, session),
  };
}
