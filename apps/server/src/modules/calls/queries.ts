import { CallMemberState } from '@orbit/contract';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { callMembers, calls, communityMembers, messageGroups, messageParticipants } from '../../db/schema';

export type CallRow = typeof calls.$inferSelect;
export type CallMemberRow = typeof callMembers.$inferSelect;

export async function findCall(db: Queryable, callId: number): Promise<CallRow | null> {
  const [row] = await db.select().from(calls).where(eq(calls.id, callId));
  return row ?? null;
}

export async function membersOfCall(db: Queryable, callId: number): Promise<CallMemberRow[]> {
  return db.select().from(callMembers).where(eq(callMembers.callId, callId));
}

export async function liveCommunityCall(db: Queryable, communityId: number): Promise<CallRow | null> {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.communityId, communityId), isNull(calls.endedAt)));
  return row ?? null;
}

/**
 * The live private call `userId` was invited to (or is in) with every one of `others`, in `groupId`'s thread
 * when given: accepting an invite starts "the call for the pair of me and the caller" (docs/product/calls-and-lessons.md#incoming-call) by asking for
 * it again, which finds this one instead of ringing anew.
 */
export async function livePrivateCallWith(
  db: Queryable,
  userId: number,
  others: number[],
  groupId: number | null,
): Promise<CallRow | null> {
  const mine = await db
    .select({ call: calls })
    .from(callMembers)
    .innerJoin(calls, eq(calls.id, callMembers.callId))
    .where(
      and(
        eq(callMembers.userId, userId),
        inArray(callMembers.state, [CallMemberState.INVITED, CallMemberState.JOINED]),
        isNull(calls.endedAt),
        isNull(calls.communityId),
      ),
    );
  for (const { call } of mine.sort((a, b) => b.call.id - a.call.id)) {
    if (groupId !== null && call.callGroupId !== groupId) continue;
    const ids = new Set((await membersOfCall(db, call.id)).map((m) => m.userId));
    if (others.every((id) => ids.has(id))) return call;
  }
  return null;
}

/** The members of a community other than `exceptId`: who a community call rings. */
export async function otherCommunityMembers(db: Queryable, communityId: number, exceptId: number) {
  const rows = await db
    .select({ id: communityMembers.userId })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), ne(communityMembers.userId, exceptId)));
  return rows.map((r) => r.id);
}

/** The participants of a message thread (the call group), and whether it is a group or one-to-one. */
export async function threadOf(db: Queryable, groupId: number) {
  const rows = await db
    .select({ id: messageParticipants.userId, isGroup: messageGroups.isGroup })
    .from(messageParticipants)
    .innerJoin(messageGroups, eq(messageGroups.id, messageParticipants.groupId))
    .where(eq(messageParticipants.groupId, groupId));
  return { isGroup: rows[0]?.isGroup ?? false, participants: new Set(rows.map((r) => r.id)) };
}
