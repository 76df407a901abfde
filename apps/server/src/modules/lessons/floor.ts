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
import { lessons, lessonViewers } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { JanusError } from '../../platform/media/janus-client';
import { inTransaction, type Work } from '../../platform/tx';
import { standingIn } from '../communities';
import { announce } from './events';
import { assertHost, assertLessonMember, assertNotKicked, assertRunning, type LessonAccess } from './policy';
import { presentFloor, presentViewer } from './presenter';
import { communityFaces, type LessonRow, viewersOf } from './queries';
import { bridgesOf, gatewayOf } from './rooms';

/** The audio bridge's "no such user": the participant is not (or no longer) in the room. */
const JANUS_NO_SUCH_USER = 488;

const micState = (from: string) =>
  new AppError(409, 'mic_state', `The mic cannot be ${from} from its present state`);

/** Everyone in the community sees the floor change (Q&A, queue, grants): their buttons follow it. */
async function announceFloor(work: Work, lesson: LessonRow) {
  const [fresh] = await work.tx.select().from(lessons).where(eq(lessons.id, lesson.id));
  await announce(work, lesson.communityId, EventSubtype.UPDATE, {
    kind: 'floor',
    session_id: lesson.id,
    floor: await presentFloor(work.tx, fresh ?? lesson),
  });
}

/** gotMic and micRemoved go to the viewer concerned only. */
async function tellViewer(work: Work, lesson: LessonRow, userId: number, mic: SessionMicState) {
  await work.emit([userId], EventType.SESSION_ACTIVITY, EventSubtype.UPDATE, {
    kind: 'mic',
    session_id: lesson.id,
    mic,
  });
}

async function setMic(work: Work, lessonId: number, userIds: number[], mic: SessionMicState) {
  if (userIds.length === 0) return;
  await work.tx
    .update(lessonViewers)
    .set({ mic, requestedAt: mic === SessionMicState.REQUESTED ? new Date() : null })
    .where(and(eq(lessonViewers.lessonId, lessonId), inArray(lessonViewers.userId, userIds)));
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
  lessonId: number,
  body: SessionMicBody,
) {
  const { lesson, isHost } = await assertLessonMember(deps.db, userId, lessonId, communityId);
  assertRunning(lesson);
  if (isHost) throw badRequest('host_mic', 'The host holds the mic already');
  const viewer = await assertNotKicked(deps.db, lessonId, userId);
  const mic = viewer?.mic ?? SessionMicState.NONE;
  if (body.action === 'request') {
    if (!lesson.requestsEnabled) throw new AppError(409, 'requests_disabled', 'Q&A is off');
    if (mic !== SessionMicState.NONE) throw micState('requested');
  } else if (body.action === 'cancel' && mic !== SessionMicState.REQUESTED) throw micState('cancelled');
  else if (body.action === 'return' && mic !== SessionMicState.GRANTED) throw micState('returned');
  const next = body.action === 'request' ? SessionMicState.REQUESTED : SessionMicState.NONE;
  if (body.action === 'return') {
    await inRoom(async () =>
      (await bridgesOf(deps, lesson)).mute(lesson.audioRoomId, lesson.audioSecret, userId),
    );
  }
  await inTransaction(unitOfWork(deps), async (work) => {
    await work.tx.insert(lessonViewers).values({ lessonId, userId }).onConflictDoNothing();
    await setMic(work, lessonId, [userId], next);
    await tellViewer(work, lesson, userId, next);
    await announceFloor(work, lesson);
  });
  return { mic: next };
}

/** The target of a moderator action: a member of the community other than the host. */
async function assertTarget(deps: AppDeps, access: LessonAccess, targetId: number | undefined) {
  if (targetId === undefined) throw badRequest('user_required', 'This action needs a user_id');
  if (targetId === access.lesson.instructorId)
    throw badRequest('host_target', 'The host cannot be moderated');
  const standing = await standingIn(deps.db, access.lesson.communityId, targetId).catch(() => null);
  if (!standing?.isMember) throw notFound('No such viewer', 'no_such_viewer');
  return targetId;
}

type Moderation = (deps: AppDeps, access: LessonAccess, targetId: number | undefined) => Promise<void>;

const grant: Moderation = async (deps, { lesson }, targetId) => {
  const row = await assertNotKicked(deps.db, lesson.id, targetId as number);
  if (row?.mic === SessionMicState.GRANTED) throw micState('granted');
  await inRoom(async () =>
    (await bridgesOf(deps, lesson)).unmute(lesson.audioRoomId, lesson.audioSecret, targetId as number),
  );
  await inTransaction(unitOfWork(deps), async (work) => {
    await work.tx
      .insert(lessonViewers)
      .values({ lessonId: lesson.id, userId: targetId as number })
      .onConflictDoNothing();
    await setMic(work, lesson.id, [targetId as number], SessionMicState.GRANTED);
    await tellViewer(work, lesson, targetId as number, SessionMicState.GRANTED);
    await announceFloor(work, lesson);
  });
};

async function takeMics(deps: AppDeps, lesson: LessonRow, userIds: number[]) {
  const bridges = await bridgesOf(deps, lesson);
  for (const id of userIds) await inRoom(() => bridges.mute(lesson.audioRoomId, lesson.audioSecret, id));
  await inTransaction(unitOfWork(deps), async (work) => {
    await setMic(work, lesson.id, userIds, SessionMicState.NONE);
    for (const id of userIds) await tellViewer(work, lesson, id, SessionMicState.NONE);
    await announceFloor(work, lesson);
  });
}

const ungrant: Moderation = async (deps, { lesson }, targetId) => {
  const rows = await viewersOf(deps.db, lesson.id);
  if (rows.find((r) => r.userId === targetId)?.mic !== SessionMicState.GRANTED) throw micState('taken');
  await takeMics(deps, lesson, [targetId as number]);
};

const ungrantAll: Moderation = async (deps, { lesson }) => {
  const rows = await viewersOf(deps.db, lesson.id);
  await takeMics(
    deps,
    lesson,
    rows.filter((r) => r.mic === SessionMicState.GRANTED).map((r) => r.userId),
  );
};

/** Q&A on or off; switching it off drops the pending requests (their buttons show DISABLED). */
const setRequests =
  (enabled: boolean): Moderation =>
  async (deps, { lesson }) => {
    await inTransaction(unitOfWork(deps), async (work) => {
      await work.tx.update(lessons).set({ requestsEnabled: enabled }).where(eq(lessons.id, lesson.id));
      if (!enabled) {
        const dropped = await work.tx
          .update(lessonViewers)
          .set({ mic: SessionMicState.NONE, requestedAt: null })
          .where(and(eq(lessonViewers.lessonId, lesson.id), eq(lessonViewers.mic, SessionMicState.REQUESTED)))
          .returning({ userId: lessonViewers.userId });
        for (const { userId } of dropped) await tellViewer(work, lesson, userId, SessionMicState.NONE);
      }
      await announceFloor(work, lesson);
    });
  };

/** Mute and unmute need the room secret, which only the server holds; a viewer must be in the room. */
const muteAs =
  (muted: boolean): Moderation =>
  async (deps, { lesson }, targetId) => {
    const row = (await viewersOf(deps.db, lesson.id)).find((r) => r.userId === targetId);
    if (!muted && row?.mic !== SessionMicState.GRANTED) {
      throw forbidden('Only a viewer holding the mic may be unmuted', 'mic_not_granted');
    }
    const bridges = await bridgesOf(deps, lesson);
    const act = muted ? bridges.mute.bind(bridges) : bridges.unmute.bind(bridges);
    const done = await inRoom(() => act(lesson.audioRoomId, lesson.audioSecret, targetId as number));
    if (!done) throw notFound('This viewer is not in the room', 'not_in_room');
  };

/** Kicked from the audio bridge with the room secret, and kept out: the record refuses them from now on. */
const kick: Moderation = async (deps, { lesson }, targetId) => {
  const userId = targetId as number;
  const bridges = await bridgesOf(deps, lesson);
  await inRoom(() => bridges.kick(lesson.audioRoomId, lesson.audioSecret, userId));
  await inTransaction(unitOfWork(deps), async (work) => {
    await work.tx
      .insert(lessonViewers)
      .values({ lessonId: lesson.id, userId, kicked: true })
      .onConflictDoUpdate({
        target: [lessonViewers.lessonId, lessonViewers.userId],
        set: { kicked: true, mic: SessionMicState.NONE, requestedAt: null },
      });
    await work.emit([userId], EventType.SESSION_ACTIVITY, EventSubtype.DELETE, {
      kind: 'kicked',
      session_id: lesson.id,
    });
    await announceFloor(work, lesson);
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

/** The host's moderator actions (docs/product/calls-and-lessons.md#lesson-moderation): every one checked here, whatever the client shows. */
export async function moderate(
  deps: AppDeps,
  userId: number,
  communityId: number,
  lessonId: number,
  body: SessionModerateBody,
) {
  const access = await assertLessonMember(deps.db, userId, lessonId, communityId);
  assertHost(access);
  assertRunning(access.lesson);
  const action = ACTIONS[body.action];
  const target = action.needsTarget ? await assertTarget(deps, access, body.user_id) : undefined;
  await action.run(deps, access, target);
  const [fresh] = await deps.db.select().from(lessons).where(eq(lessons.id, lessonId));
  return presentFloor(deps.db, fresh ?? access.lesson);
}

/** The VIEWERS page: who entered, their mic, and whether Janus has them in the bridge and muted. */
export async function listViewers(
  deps: AppDeps,
  userId: number,
  communityId: number,
  lessonId: number,
): Promise<SessionViewers> {
  const { lesson } = await assertLessonMember(deps.db, userId, lessonId, communityId);
  const rows = (await viewersOf(deps.db, lessonId)).filter((r) => !r.kicked);
  const inBridge = new Map<number, { muted: boolean }>();
  const gateway = lesson.state === SessionState.RUNNING ? gatewayOf(deps, lesson) : null;
  if (gateway) {
    const participants = await (await gateway.audioBridges())
      .listParticipants(lesson.audioRoomId)
      .catch(() => []);
    for (const p of participants) inBridge.set(p.id, { muted: p.muted ?? true });
  }
  const faces = await communityFaces(
    deps.db,
    lesson.communityId,
    rows.map((r) => r.userId),
  );
  return {
    viewers: rows.map((r) => presentViewer(r, faces.get(r.userId), inBridge.get(r.userId))),
    floor: await presentFloor(deps.db, lesson),
  };
}
