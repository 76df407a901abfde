import {
  type CallEndEvent,
  type CallMemberEvent,
  EventSubtype,
  EventType,
  NotificationType,
} from '@orbit/contract';
import { eq } from 'drizzle-orm';
import { communities } from '../../db/schema';
import type { Work } from '../../platform/tx';
import { communityImageUrl } from '../communities';
import {
  faceAsSeenBy,
  findUser,
  presentMemberFace,
  relationsOf,
  restingAmong,
  seesPersona,
  stanceIn,
} from '../faces';
import { type NotificationInput, notify } from '../notifications';
import { presentInvite } from './presenter';
import type { CallRow } from './queries';

/**
 * CALL INVITE (the incoming call popup) and a CALL_START notification to each member rung, the caller shown
 * as each of them sees them; members who see the caller alike share one payload.
 */
export async function ring(work: Work, call: CallRow, recipientIds: number[]) {
  if (recipientIds.length === 0) return;
  const caller = await findUser(work.tx, call.callerId);
  const community = await communityOf(work, call.communityId);
  const relations = await relationsOf(work.tx, caller.id, recipientIds);
  // Members in their quiet hours get no popup (decision 0044); the notification waits in their list.
  const resting = await restingAmong(work.tx, recipientIds);
  for (const persona of [true, false]) {
    const ids = recipientIds.filter(
      (id) => seesPersona(caller, stanceIn(relations, caller.id, id)) === persona,
    );
    if (ids.length === 0) continue;
    const invite = presentInvite(call, presentMemberFace(caller, persona), community);
    await work.emit(
      ids.filter((id) => !resting.has(id)),
      EventType.CALL,
      EventSubtype.INVITE,
      invite,
    );
    await notify(work, ids, {
      type: NotificationType.CALL_START,
      title: community ? `Call in ${community.name}` : 'Incoming call',
      body: `${presentMemberFace(caller, persona).name} is calling`,
      image_url: invite.image_url,
      source: invite.name,
      community_id: call.communityId,
      data: { call_id: call.id, user_id: call.callerId },
    } satisfies NotificationInput);
  }
}

async function communityOf(work: Work, communityId: number | null) {
  if (communityId === null) return null;
  const [row] = await work.tx.select().from(communities).where(eq(communities.id, communityId));
  return row ? { name: row.name, image: communityImageUrl(row) } : null;
}

/** CALL START to the caller's own sockets: a call of theirs began (their other devices may show it). */
export function announceStart(work: Work, call: CallRow) {
  return work.emit([call.callerId], EventType.CALL, EventSubtype.START, {
    call_id: call.id,
  } satisfies CallEndEvent);
}

/** CALL ACCEPT, REJECT or UPDATE about one member, to the call's other members. */
export function announceMember(
  work: Work,
  subtype: typeof EventSubtype.ACCEPT | typeof EventSubtype.REJECT | typeof EventSubtype.UPDATE,
  recipientIds: number[],
  data: CallMemberEvent,
) {
  return work.emit(
    recipientIds.filter((id) => id !== data.user_id),
    EventType.CALL,
    subtype,
    data,
  );
}

/** CALL_REJECT to the caller when a member declines. */
export async function notifyRejected(work: Work, call: CallRow, rejecterId: number) {
  const face = await faceAsSeenBy(work.tx, call.callerId, rejecterId);
  await notify(work, [call.callerId], {
    type: NotificationType.CALL_REJECT,
    title: 'Call declined',
    body: `${face.name} declined your call`,
    image_url: face.image_url,
    source: face.name,
    data: { call_id: call.id, user_id: rejecterId },
  });
}

/**
 * A private call to members in their quiet hours is answered for them as missed (decision 0044): the caller's
 * screen hears CALL REJECT, as for a decline, and each of them finds a CALL_END "Missed call" waiting.
 */
export async function answerAsMissed(work: Work, call: CallRow, restingIds: number[]) {
  if (restingIds.length === 0) return;
  for (const userId of restingIds) {
    await announceMember(work, EventSubtype.REJECT, [call.callerId], { call_id: call.id, user_id: userId });
  }
  await notifyMissed(work, call, restingIds);
}

const MISSED = { type: NotificationType.CALL_END, title: 'Missed call', body: 'The call has ended' } as const;

/**
 * CALL_END "Missed call" to those a call missed. A private call's names its caller, by the face each of them
 * sees (a private call rings a few chosen members); a community call's names the community, as its start did.
 */
async function notifyMissed(work: Work, call: CallRow, missedIds: number[]) {
  const data = { call_id: call.id, user_id: call.callerId };
  if (call.communityId !== null) {
    return notify(work, missedIds, { ...MISSED, community_id: call.communityId, data });
  }
  for (const userId of missedIds) {
    const face = await faceAsSeenBy(work.tx, userId, call.callerId);
    await notify(work, [userId], {
      ...MISSED,
      body: `${face.name} called you`,
      image_url: face.image_url,
      source: face.name,
      community_id: null,
      data,
    });
  }
}

/** CALL END to everyone it concerned (popups close, screens stop) and CALL_END to those it missed. */
export async function announceEnd(work: Work, call: CallRow, recipientIds: number[], missedIds: number[]) {
  await work.emit(recipientIds, EventType.CALL, EventSubtype.END, {
    call_id: call.id,
  } satisfies CallEndEvent);
  await notifyMissed(work, call, missedIds);
}
