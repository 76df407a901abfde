import type { Call, CallInvite, CallParticipant } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { communities } from '../../db/schema';
import { facesFor, type MemberFace } from '../faces';
import type { CallMemberRow, CallRow } from './queries';

export async function communityName(db: Queryable, communityId: number | null): Promise<string | null> {
  if (communityId === null) return null;
  const [row] = await db
    .select({ name: communities.name })
    .from(communities)
    .where(eq(communities.id, communityId));
  return row?.name ?? null;
}

/** The call of docs/product/calls-and-lessons.md#call-join (community id and name, caller name, call group) as `viewerId` sees its caller. */
export async function presentCall(db: Queryable, call: CallRow, viewerId: number): Promise<Call> {
  const [faces, name] = await Promise.all([
    facesFor(db, viewerId, [call.callerId]),
    communityName(db, call.communityId),
  ]);
  return {
    id: call.id,
    community_id: call.communityId,
    community_name: name,
    caller_name: faces.get(call.callerId)?.name ?? '',
    caller_id: call.callerId,
    call_group_id: call.callGroupId,
  };
}

/** CALL INVITE: the community's name and picture for a community call, the caller's face otherwise. */
export function presentInvite(
  call: CallRow,
  caller: MemberFace,
  community: { name: string; image: string | null } | null,
): CallInvite {
  return {
    name: community?.name ?? caller.name,
    image_url: community ? community.image : caller.image_url,
    call_id: call.id,
    caller_id: call.callerId,
    community_id: call.communityId,
  };
}

export function presentParticipant(
  row: CallMemberRow,
  face: MemberFace | undefined,
  viewerId: number,
): CallParticipant {
  return {
    id: row.userId,
    display: face?.name ?? '',
    image: face?.image_url ?? null,
    muted: row.muted,
    video: row.video,
    me: row.userId === viewerId,
  };
}
