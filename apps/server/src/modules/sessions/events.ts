import { type EventSubtype, EventType, type SessionActivity } from '@orbit/contract';
import type { Work } from '../../platform/tx';
import { presentOne } from './presenter';
import { memberIdsOfCommunity, type SessionRow } from './queries';

type Subtype = (typeof EventSubtype)[keyof typeof EventSubtype];

/**
 * SESSION_ACTIVITY to every member of the session's community (the streaming rooms list refreshes on it):
 * one event on the community's channel. `mine` is what `ownerId` sees instead, when it differs.
 */
export async function announce(
  work: Work,
  communityId: number,
  subtype: Subtype,
  data: SessionActivity,
  mine?: { ownerId: number; data: SessionActivity },
) {
  const members = await memberIdsOfCommunity(work.tx, communityId);
  const others = mine ? members.filter((id) => id !== mine.ownerId) : members;
  work.emitToCommunity(communityId, EventType.SESSION_ACTIVITY, subtype, [
    { ids: others, data },
    ...(mine ? [{ ids: [mine.ownerId], data: mine.data }] : []),
  ]);
}

/** The session itself changed (created, ended, processed): the same object the list call answers. */
export async function announceSession(work: Work, row: SessionRow, subtype: Subtype) {
  await announce(work, row.communityId, subtype, {
    kind: 'session',
    session: await presentOne(work.tx, row),
  });
}
