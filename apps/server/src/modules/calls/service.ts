import {
  type CallMediaBody,
  CallMemberState,
  type CallSessionState,
  type CallStartBody,
  type CallStarted,
  EventSubtype,
  type PrivateCallSession,
} from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import { callMembers, calls } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import { type JanusGateway, mediaUnavailable, type RoomCredentials } from '../../platform/media';
import { inTransaction, type Work } from '../../platform/tx';
import { blockedEitherWayAmong } from '../blocks';
import { assertMember } from '../communities';
import { facesFor, relationsOf, restingAmong } from '../faces';
import { announceEnd, announceMember, announceStart, answerAsMissed, notifyRejected, ring } from './events';
import {
  assertJoined,
  assertLive,
  assertMayJoin,
  assertOneTarget,
  assertRoomFor,
  CALL_CAPACITY,
  noSuchCall,
  shouldEnd,
} from './policy';
import { presentCall, presentParticipant } from './presenter';
import {
  type CallMemberRow,
  type CallRow,
  findCall,
  liveCommunityCall,
  livePrivateCallWith,
  membersOfCall,
  otherCommunityMembers,
  threadOf,
} from './queries';

/** The video room of a call: me plus the 5 remote feeds the call screen shows (docs/product/calls-and-lessons.md#call-media). */
const roomOptions = (description: string) => ({ description, publishers: CALL_CAPACITY });

/** A call's room and the gateway of the pool it is on. */
interface PlacedRoom {
  gateway: JanusGateway;
  room: RoomCredentials;
}

/** A new call's room, on the gateway that answers with the fewest rooms open (0027). */
async function newRoom(deps: AppDeps, description: string): Promise<PlacedRoom> {
  if (!deps.media.available) throw mediaUnavailable();
  const gateway = await deps.media.place();
  return { gateway, room: await gateway.createRoom('video', roomOptions(description)) };
}

/** A room whose call could not be written is given back to Janus; failing that, Janus forgets it on restart. */
async function dropRoom(deps: AppDeps, call: Pick<CallRow, 'janusGateway' | 'janusRoomId' | 'roomSecret'>) {
  await deps.media
    .gateway(call.janusGateway)
    ?.destroyRoom('video', { roomId: call.janusRoomId, secret: call.roomSecret })
    .catch(() => {});
}

/** The columns that say where a call's room is. */
const roomColumns = ({ gateway, room }: PlacedRoom) => ({
  janusGateway: gateway.name,
  janusRoomId: room.roomId,
  roomSecret: room.secret,
  roomPin: room.pin,
});

/**
 * POST /call/start (docs/product/calls-and-lessons.md#call-start): a community call (joined if one is already on), or a private call to attendees
 * (the invite being answered, if the caller was rung by them). Answers the call, and the room session the
 * call page would otherwise fetch next (GET /private-call/{id}): one round trip fewer before it connects.
 */
export async function startCall(deps: AppDeps, callerId: number, body: CallStartBody): Promise<CallStarted> {
  assertOneTarget(body.community_id, body.attendees, callerId);
  const { call, created } =
    body.community_id !== undefined
      ? await startCommunityCall(deps, callerId, body.community_id, body.call_group_id)
      : await startPrivateCall(deps, callerId, body.attendees ?? [], body.call_group_id ?? null);
  const members = await membersOfCall(deps.db, call.id);
  // A room this request created is there: no need to ask its gateway again before answering.
  const session = await sessionIn(deps, call, members, callerId, created);
  // Everyone it rang was in quiet hours: answered as missed, the call ends as after their decline (0044).
  if (created && call.communityId === null) await endIfDone(deps, call);
  return { ...session.call, session };
}

/** A call started or joined, and whether its room was created just now. */
interface Started {
  call: CallRow;
  created: boolean;
}

const joinedCall = (call: CallRow): Started => ({ call, created: false });

async function startCommunityCall(
  deps: AppDeps,
  callerId: number,
  communityId: number,
  groupId: number | undefined,
): Promise<Started> {
  if (groupId !== undefined) throw badRequest('call_target', 'A community call has no call group');
  await assertMember(deps.db, communityId, callerId);
  const live = await liveCommunityCall(deps.db, communityId);
  if (live) return joinedCall(await join(deps, live, callerId));
  const placed = await newRoom(deps, `community ${communityId}`);
  try {
    const call = await inTransaction(unitOfWork(deps, callerId), async (work) => {
      const call = await insertCall(work, { callerId, communityId, callGroupId: null }, placed);
      await ring(work, call, await otherCommunityMembers(work.tx, communityId, callerId));
      await announceStart(work, call);
      return call;
    });
    return { call, created: true };
  } catch (err) {
    await dropRoom(deps, roomColumns(placed));
    // Somebody else started this community's call at the same moment: join theirs.
    const theirs = isUniqueViolation(err) ? await liveCommunityCall(deps.db, communityId) : null;
    if (!theirs) throw err;
    return joinedCall(await join(deps, theirs, callerId));
  }
}

async function startPrivateCall(
  deps: AppDeps,
  callerId: number,
  attendees: number[],
  groupId: number | null,
): Promise<Started> {
  attendees = await reachableAttendees(deps, callerId, attendees, groupId);
  const ringing = await livePrivateCallWith(deps.db, callerId, attendees, groupId);
  if (ringing) return joinedCall(await join(deps, ringing, callerId));
  await assertMayCall(deps, callerId, attendees, groupId);
  const placed = await newRoom(deps, 'private call');
  try {
    const call = await inTransaction(unitOfWork(deps, callerId), async (work) => {
      const call = await insertCall(work, { callerId, communityId: null, callGroupId: groupId }, placed);
      const resting = await restingAmong(work.tx, attendees);
      const stateOf = (userId: number) =>
        resting.has(userId) ? CallMemberState.LEFT : CallMemberState.INVITED;
      await work.tx
        .insert(callMembers)
        .values(attendees.map((userId) => ({ callId: call.id, userId, state: stateOf(userId) })));
      await ring(
        work,
        call,
        attendees.filter((id) => !resting.has(id)),
      );
      await announceStart(work, call);
      await answerAsMissed(work, call, [...resting]);
      return call;
    });
    return { call, created: true };
  } catch (err) {
    await dropRoom(deps, roomColumns(placed));
    throw err;
  }
}

/**
 * Nobody rings a member blocked either way (docs/decisions/0046): calling them alone is a 403 `blocked`; a
 * call to a group thread's participants rings the others and leaves them out.
 */
async function reachableAttendees(
  deps: AppDeps,
  callerId: number,
  attendees: number[],
  groupId: number | null,
) {
  const blocked = await blockedEitherWayAmong(deps.db, callerId, attendees);
  if (blocked.size === 0) return attendees;
  const others = attendees.filter((id) => !blocked.has(id));
  if (groupId === null || others.length === 0) throw forbidden('You cannot call this member', 'blocked');
  return others;
}

/**
 * A private call rings friends only, like a one-to-one thread; with a group thread as call group, that
 * thread's own participants (the caller being one of them), friends or not.
 */
async function assertMayCall(deps: AppDeps, callerId: number, attendees: number[], groupId: number | null) {
  if (groupId !== null) {
    const thread = await threadOf(deps.db, groupId);
    if (!thread.participants.has(callerId)) throw notFound('No such conversation', 'no_such_thread');
    if (!attendees.every((id) => thread.participants.has(id))) {
      throw badRequest('not_in_group', 'Only the participants of this conversation can be called');
    }
    if (thread.isGroup) return;
  }
  const relations = await relationsOf(deps.db, callerId, attendees);
  if (!attendees.every((id) => relations.get(id)?.isFriend)) {
    throw forbidden('You can only call your friends', 'not_friends');
  }
}

async function insertCall(
  work: Work,
  fields: Pick<CallRow, 'callerId' | 'communityId' | 'callGroupId'>,
  placed: PlacedRoom,
): Promise<CallRow> {
  const [call] = await work.tx
    .insert(calls)
    .values({ ...fields, ...roomColumns(placed) })
    .returning();
  await work.tx
    .insert(callMembers)
    .values({ callId: call.id, userId: fields.callerId, state: CallMemberState.JOINED });
  return call;
}

/** Joins a live call: an invitee accepts (ACCEPT to the others), a community member comes in. */
async function join(deps: AppDeps, call: CallRow, userId: number): Promise<CallRow> {
  return inTransaction(unitOfWork(deps), async (work) => {
    const members = await membersOfCall(work.tx, call.id);
    await assertMayJoin(work.tx, call, members, userId);
    assertRoomFor(members, userId);
    await work.tx
      .insert(callMembers)
      .values({ callId: call.id, userId, state: CallMemberState.JOINED })
      .onConflictDoUpdate({
        target: [callMembers.callId, callMembers.userId],
        set: { state: CallMemberState.JOINED, muted: false, video: false, updatedAt: new Date() },
      });
    await announceMember(work, EventSubtype.ACCEPT, stillConcerned(members), {
      call_id: call.id,
      user_id: userId,
    });
    return call;
  });
}

/** Members still rung or in the call: who hears about the others' answers and changes. */
const stillConcerned = (members: { userId: number; state: number }[]) =>
  members
    .filter((m) => m.state === CallMemberState.INVITED || m.state === CallMemberState.JOINED)
    .map((m) => m.userId);

/** A live call and the caller's place in it, or the refusal: 404 to outsiders, 409 once it ended. */
async function liveCallFor(deps: AppDeps, callId: number, userId: number) {
  const call = await findCall(deps.db, callId);
  if (!call) throw noSuchCall();
  const members = await membersOfCall(deps.db, callId);
  const row = await assertMayJoin(deps.db, call, members, userId);
  return { call, members, row };
}

/**
 * GET /private-call/{id}: the gateway the call's room is on and the room's pin (as janus_admin_passwd), for
 * its members only: every member is sent to the same gateway and room. A room that is gone is made again
 * (0008, 0027).
 */
export async function privateCallSession(
  deps: AppDeps,
  userId: number,
  callId: number,
): Promise<PrivateCallSession> {
  const { call, members } = await liveCallFor(deps, callId, userId);
  return sessionIn(deps, call, members, userId);
}

/** The room session of a call `userId` may join (GET /private-call/{id}, and POST /call/start's answer). */
async function sessionIn(
  deps: AppDeps,
  call: CallRow,
  members: CallMemberRow[],
  userId: number,
  created = false,
): Promise<PrivateCallSession> {
  assertLive(call);
  if (!deps.media.available) throw mediaUnavailable();
  const inCall = members.filter((m) => m.state === CallMemberState.JOINED);
  const [{ call: live, gateway }, faces] = await Promise.all([
    roomOf(deps, call, created),
    facesFor(
      deps.db,
      userId,
      inCall.map((m) => m.userId),
    ),
  ]);
  return {
    janus_url: gateway.publicUrl,
    janus_server_name: gateway.name,
    janus_room_id: live.janusRoomId,
    janus_admin_passwd: live.roomPin,
    ice_servers: deps.media.iceServers,
    call: await presentCall(deps.db, live, userId),
    participants: inCall.map((m) => presentParticipant(m, faces.get(m.userId), userId)),
  };
}

/**
 * The call's room on its gateway. When the room is gone (Janus restarted), the gateway does not answer, or
 * the pool no longer has it, the call moves to a new room placed like a new call's. The move is written only
 * over the room it replaces: when two members find the room gone at once, the one who loses gives its new
 * room back and both meet in the winner's.
 */
async function roomOf(
  deps: AppDeps,
  call: CallRow,
  created: boolean,
): Promise<{ call: CallRow; gateway: JanusGateway }> {
  const current = deps.media.gateway(call.janusGateway);
  if (current && (created || (await current.hasRoom('video', call.janusRoomId)))) {
    return { call, gateway: current };
  }
  const placed = await newRoom(deps, `call ${call.id}`);
  const [moved] = await deps.db
    .update(calls)
    .set(roomColumns(placed))
    .where(
      and(
        eq(calls.id, call.id),
        eq(calls.janusGateway, call.janusGateway),
        eq(calls.janusRoomId, call.janusRoomId),
      ),
    )
    .returning();
  if (moved) {
    // The old room is given back if its gateway still has it (it was unreachable only for a moment).
    void dropRoom(deps, call);
    return { call: moved, gateway: placed.gateway };
  }
  await dropRoom(deps, roomColumns(placed));
  const theirs = await findCall(deps.db, call.id);
  const gateway = theirs && deps.media.gateway(theirs.janusGateway);
  if (!theirs || !gateway) throw mediaUnavailable();
  return { call: theirs, gateway };
}

/** GET /session/{id} (docs/product/calls-and-lessons.md#call-start): the call's community and whether it is still on. */
export async function callSessionState(
  deps: AppDeps,
  userId: number,
  callId: number,
): Promise<CallSessionState> {
  const { call } = await liveCallFor(deps, callId, userId);
  return { id: call.id, community_id: call.communityId, live: call.endedAt === null };
}

/** POST /call/{id}/media: my microphone and camera, told to the others (docs/product/calls-and-lessons.md#call-events remote video and mute). */
export async function setCallMedia(deps: AppDeps, userId: number, callId: number, body: CallMediaBody) {
  const { call, members, row } = await liveCallFor(deps, callId, userId);
  assertLive(call);
  assertJoined(row);
  await inTransaction(unitOfWork(deps), async (work) => {
    await work.tx
      .update(callMembers)
      .set({ muted: body.muted, video: body.video, updatedAt: new Date() })
      .where(and(eq(callMembers.callId, callId), eq(callMembers.userId, userId)));
    const joined = members.filter((m) => m.state === CallMemberState.JOINED).map((m) => m.userId);
    await announceMember(work, EventSubtype.UPDATE, joined, { call_id: callId, user_id: userId, ...body });
  });
  return { ok: true };
}

/** POST /call/{id}/leave: I hang up; the call ends when nobody (or, privately, one member alone) is left. */
export async function leaveCall(deps: AppDeps, userId: number, callId: number) {
  const { call, row } = await liveCallFor(deps, callId, userId);
  assertLive(call);
  assertJoined(row);
  return settle(deps, call, userId, CallMemberState.LEFT);
}

/** POST /call/{id}/reject: Decline on the incoming call popup; the caller is told (CALL_REJECT). */
export async function rejectCall(deps: AppDeps, userId: number, callId: number) {
  const { call, row } = await liveCallFor(deps, callId, userId);
  assertLive(call);
  // A community call rings everybody and waits for whoever comes: declining it changes nothing.
  if (call.communityId !== null) return { ok: true };
  if (row?.state !== CallMemberState.INVITED)
    throw forbidden('This call is not ringing for you', 'not_invited');
  return settle(deps, call, userId, CallMemberState.REJECTED);
}

async function settle(deps: AppDeps, call: CallRow, userId: number, state: CallMemberState) {
  const ended = await inTransaction(unitOfWork(deps), async (work): Promise<CallRow | null> => {
    const [updated] = await work.tx
      .update(callMembers)
      .set({ state, updatedAt: new Date() })
      .where(and(eq(callMembers.callId, call.id), eq(callMembers.userId, userId)))
      .returning();
    // Locks the call row: two members hanging up at once end it once.
    const [locked] = await work.tx.select().from(calls).where(eq(calls.id, call.id)).for('update');
    const members = await membersOfCall(work.tx, call.id);
    if (state === CallMemberState.REJECTED) {
      await announceMember(work, EventSubtype.REJECT, stillConcerned(members), {
        call_id: call.id,
        user_id: userId,
      });
      await notifyRejected(work, call, userId);
    }
    if (!updated) return null;
    return endIfOver(work, locked, members);
  });
  // The locked row names the room as it is now: a member's read may have moved the call since `call` was read.
  if (ended) await dropRoom(deps, ended);
  return { ok: true };
}

/** Ends a locked call that nobody is left in or rung for; answers it when it ended now. */
async function endIfOver(work: Work, locked: CallRow, members: CallMemberRow[]): Promise<CallRow | null> {
  if (locked.endedAt !== null || !shouldEnd(locked, members)) return null;
  await endCall(
    work,
    locked,
    members.map((m) => m.userId),
  );
  return locked;
}

async function endIfDone(deps: AppDeps, call: CallRow) {
  const ended = await inTransaction(unitOfWork(deps), async (work) => {
    const [locked] = await work.tx.select().from(calls).where(eq(calls.id, call.id)).for('update');
    return endIfOver(work, locked, await membersOfCall(work.tx, call.id));
  });
  if (ended) await dropRoom(deps, ended);
}

async function endCall(work: Work, call: CallRow, memberIds: number[]) {
  await work.tx.update(calls).set({ endedAt: new Date() }).where(eq(calls.id, call.id));
  const missed = await work.tx
    .update(callMembers)
    .set({ state: CallMemberState.LEFT, updatedAt: new Date() })
    .where(and(eq(callMembers.callId, call.id), eq(callMembers.state, CallMemberState.INVITED)))
    .returning({ userId: callMembers.userId });
  // A community call rang every member: each one's popup closes.
  const rung =
    call.communityId === null ? [] : await otherCommunityMembers(work.tx, call.communityId, call.callerId);
  await announceEnd(
    work,
    call,
    [...memberIds, ...rung, call.callerId],
    missed.map((m) => m.userId),
  );
}
