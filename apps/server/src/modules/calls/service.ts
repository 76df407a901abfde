import {
  type Call,
  type CallMediaBody,
  CallMemberState,
  type CallSessionState,
  type CallStartBody,
  EventSubtype,
  type PrivateCallSession,
} from '@orbit/contract';
import { and, eq } from 'drizzle-orm';
import { callMembers, calls } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, forbidden, isUniqueViolation, notFound } from '../../platform/errors';
import { mediaUnavailable, type RoomCredentials } from '../../platform/media';
import { inTransaction, type Work } from '../../platform/tx';
import { assertMember } from '../communities/policy';
import { relationsOf } from '../friends/service';
import { facesFor } from '../users/service';
import { announceEnd, announceMember, announceStart, notifyRejected, ring } from './events';
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
  type CallRow,
  findCall,
  liveCommunityCall,
  livePrivateCallWith,
  membersOfCall,
  otherCommunityMembers,
  threadOf,
} from './queries';

const unitOfWork = (deps: AppDeps) => ({ db: deps.db, publisher: deps.realtime });

/** The video room of a call: me plus the 5 remote feeds the call screen shows (002 §9). */
const roomOptions = (description: string) => ({ description, publishers: CALL_CAPACITY });

async function newRoom(deps: AppDeps, description: string): Promise<RoomCredentials> {
  if (!deps.media.available) throw mediaUnavailable();
  return deps.media.createRoom('video', roomOptions(description));
}

/** A room whose call could not be written is given back to Janus; failing that, Janus forgets it on restart. */
async function dropRoom(deps: AppDeps, room: Pick<RoomCredentials, 'roomId' | 'secret'>) {
  await deps.media.destroyRoom('video', room).catch(() => {});
}

/**
 * POST /call/start (002 §7): a community call (joined if one is already on), or a private call to attendees
 * (the invite being answered, if the caller was rung by them). Answers the call; the call page opens.
 */
export async function startCall(deps: AppDeps, callerId: number, body: CallStartBody): Promise<Call> {
  assertOneTarget(body.community_id, body.attendees, callerId);
  const call =
    body.community_id !== undefined
      ? await startCommunityCall(deps, callerId, body.community_id, body.call_group_id)
      : await startPrivateCall(deps, callerId, body.attendees ?? [], body.call_group_id ?? null);
  return presentCall(deps.db, call, callerId);
}

async function startCommunityCall(
  deps: AppDeps,
  callerId: number,
  communityId: number,
  groupId: number | undefined,
): Promise<CallRow> {
  if (groupId !== undefined) throw badRequest('call_target', 'A community call has no call group');
  await assertMember(deps.db, communityId, callerId);
  const live = await liveCommunityCall(deps.db, communityId);
  if (live) return join(deps, live, callerId);
  const room = await newRoom(deps, `community ${communityId}`);
  try {
    return await inTransaction(unitOfWork(deps), async (work) => {
      const call = await insertCall(work, { callerId, communityId, callGroupId: null }, room);
      await ring(work, call, await otherCommunityMembers(work.tx, communityId, callerId));
      await announceStart(work, call);
      return call;
    });
  } catch (err) {
    await dropRoom(deps, room);
    // Somebody else started this community's call at the same moment: join theirs.
    const theirs = isUniqueViolation(err) ? await liveCommunityCall(deps.db, communityId) : null;
    if (!theirs) throw err;
    return join(deps, theirs, callerId);
  }
}

async function startPrivateCall(
  deps: AppDeps,
  callerId: number,
  attendees: number[],
  groupId: number | null,
): Promise<CallRow> {
  const ringing = await livePrivateCallWith(deps.db, callerId, attendees, groupId);
  if (ringing) return join(deps, ringing, callerId);
  await assertMayCall(deps, callerId, attendees, groupId);
  const room = await newRoom(deps, 'private call');
  try {
    return await inTransaction(unitOfWork(deps), async (work) => {
      const call = await insertCall(work, { callerId, communityId: null, callGroupId: groupId }, room);
      await work.tx
        .insert(callMembers)
        .values(attendees.map((userId) => ({ callId: call.id, userId, state: CallMemberState.INVITED })));
      await ring(work, call, attendees);
      await announceStart(work, call);
      return call;
    });
  } catch (err) {
    await dropRoom(deps, room);
    throw err;
  }
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
  room: RoomCredentials,
): Promise<CallRow> {
  const [call] = await work.tx
    .insert(calls)
    .values({ ...fields, janusRoomId: room.roomId, roomSecret: room.secret, roomPin: room.pin })
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
 * GET /private-call/{id}: where the call's room is and its pin (as janus_admin_passwd), for its members
 * only. A room Janus lost (it restarted) is made again (0008).
 */
export async function privateCallSession(
  deps: AppDeps,
  userId: number,
  callId: number,
): Promise<PrivateCallSession> {
  const { call, members } = await liveCallFor(deps, callId, userId);
  assertLive(call);
  const janusUrl = deps.media.publicJanusUrl;
  if (!deps.media.available || !janusUrl) throw mediaUnavailable();
  const live = await roomOf(deps, call);
  const joined = members.filter((m) => m.state === CallMemberState.JOINED);
  const faces = await facesFor(
    deps.db,
    userId,
    joined.map((m) => m.userId),
  );
  return {
    janus_url: janusUrl,
    janus_room_id: live.janusRoomId,
    janus_admin_passwd: live.roomPin,
    ice_servers: deps.media.iceServers,
    call: await presentCall(deps.db, live, userId),
    participants: joined.map((m) => presentParticipant(m, faces.get(m.userId), userId)),
  };
}

async function roomOf(deps: AppDeps, call: CallRow): Promise<CallRow> {
  if (await (await deps.media.videoRooms()).exists(call.janusRoomId)) return call;
  const room = await newRoom(deps, `call ${call.id}`);
  const [updated] = await deps.db
    .update(calls)
    .set({ janusRoomId: room.roomId, roomSecret: room.secret, roomPin: room.pin })
    .where(eq(calls.id, call.id))
    .returning();
  return updated;
}

/** GET /session/{id} (002 §7): the call's community and whether it is still on. */
export async function callSessionState(
  deps: AppDeps,
  userId: number,
  callId: number,
): Promise<CallSessionState> {
  const { call } = await liveCallFor(deps, callId, userId);
  return { id: call.id, community_id: call.communityId, live: call.endedAt === null };
}

/** POST /call/{id}/media: my microphone and camera, told to the others (002 §4 remote video and mute). */
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
  const ended = await inTransaction(unitOfWork(deps), async (work) => {
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
    if (!updated || locked.endedAt !== null || !shouldEnd(locked, members)) return false;
    await endCall(
      work,
      locked,
      members.map((m) => m.userId),
    );
    return true;
  });
  if (ended) await dropRoom(deps, { roomId: call.janusRoomId, secret: call.roomSecret });
  return { ok: true };
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
