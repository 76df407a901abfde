import { CALL_LIMITS, CallMemberState } from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { assertMember } from '../communities';
import type { CallMemberRow, CallRow } from './queries';

export const noSuchCall = () => notFound('No such call', 'no_such_call');
export const callEnded = () => new AppError(409, 'call_ended', 'This call has ended');

/** The most people in one call: the member and the 5 remote feeds the call screen shows (docs/product/calls-and-lessons.md#call-media). */
export const CALL_CAPACITY = CALL_LIMITS.maxAttendees + 1;

/** A full call takes nobody new (its room has no publisher place left); who is already in may come back. */
export function assertRoomFor(members: Pick<CallMemberRow, 'userId' | 'state'>[], userId: number) {
  const inCall = members.filter((m) => m.state === CallMemberState.JOINED && m.userId !== userId);
  if (inCall.length >= CALL_CAPACITY) {
    throw new AppError(409, 'call_full', `This call is full: at most ${CALL_CAPACITY} people take part`);
  }
}

/** A call body names a community, or attendees (with an optional call group): exactly one of them. */
export function assertOneTarget(
  communityId: number | undefined,
  attendees: number[] | undefined,
  callerId: number,
) {
  if ((communityId === undefined) === (attendees === undefined)) {
    throw badRequest('call_target', 'Call a community, or attendees, not both and not neither');
  }
  if (attendees?.includes(callerId)) throw badRequest('call_yourself', 'You cannot call yourself');
}

/**
 * Who may join (what they may not know exists answers 404, docs/product/README.md#errors): a community call is for that community's members (a private community's
 * call does not exist for others); a private call for the members it invited. Answers the caller's row.
 */
export async function assertMayJoin(
  db: Queryable,
  call: CallRow,
  members: CallMemberRow[],
  userId: number,
): Promise<CallMemberRow | null> {
  const row = members.find((m) => m.userId === userId) ?? null;
  if (call.communityId !== null) {
    await assertMember(db, call.communityId, userId);
    return row;
  }
  if (!row) throw noSuchCall();
  return row;
}

export function assertLive(call: CallRow) {
  if (call.endedAt !== null) throw callEnded();
}

/** Only a member in the call changes what they send or leaves it. */
export function assertJoined(row: CallMemberRow | null): CallMemberRow {
  if (row?.state !== CallMemberState.JOINED) throw forbidden('You are not in this call', 'not_in_call');
  return row;
}

/**
 * A call ends when nobody is left in it; a private one also when one member is left and nobody is still
 * being rung (the other hung up, or every invitee declined).
 */
export function shouldEnd(call: CallRow, members: CallMemberRow[]): boolean {
  const joined = members.filter((m) => m.state === CallMemberState.JOINED).length;
  if (joined === 0) return true;
  if (call.communityId !== null) return false;
  const ringing = members.some((m) => m.state === CallMemberState.INVITED);
  return joined < 2 && !ringing;
}
