import { type EventSubtype, EventType, type SessionActivity } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import type { Work } from '../../platform/tx';
import { presentOne } from './presenter';
import { memberIdsOfCommunity, type SessionRow } from './queries';

type Subtype = (typeof EventSubtype)[keyof typeof EventSubtype];

export const unitOfWork = (deps: AppDeps) => ({ db: deps.db, publisher: deps.realtime });

/** SESSION_ACTIVITY to every member of the session's community (the streaming rooms list refreshes on it). */
export async function announce(work: Work, communityId: number, subtype: Subtype, data: SessionActivity) {
  await work.emit(
    await memberIdsOfCommunity(work.tx, communityId),
    EventType.SESSION_ACTIVITY,
    subtype,
    data,
  );
}

/** The session itself changed (created, ended, processed): the same object the list call answers. */
export async function announceSession(work: Work, row: SessionRow, subtype: Subtype) {
  await announce(work, row.communityId, subtype, {
    kind: 'session',
    session: await presentOne(work.tx, row),
  });
}
