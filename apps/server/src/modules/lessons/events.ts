import { type EventData, type EventSubtype, type EventSubtypeOf, EventType } from '@orbit/contract';
import type { Work } from '../../platform/tx';
import { presentOne } from './presenter';
import { type LessonRow, memberIdsOfCommunity } from './queries';

type Subtype = EventSubtypeOf<typeof EventType.SESSION_ACTIVITY>;
type Activity<S extends Subtype> = EventData<typeof EventType.SESSION_ACTIVITY, S>;

/**
 * SESSION_ACTIVITY to every member of the lesson's community (the streaming rooms list refreshes on it):
 * one event on the community's channel. `mine` is what `ownerId` sees instead, when it differs.
 */
export async function announce<S extends Subtype>(
  work: Work,
  communityId: number,
  subtype: S,
  data: Activity<S>,
  mine?: { ownerId: number; data: Activity<S> },
) {
  const members = await memberIdsOfCommunity(work.tx, communityId);
  const others = mine ? members.filter((id) => id !== mine.ownerId) : members;
  work.emitToCommunity(communityId, EventType.SESSION_ACTIVITY, subtype, [
    { ids: others, data },
    ...(mine ? [{ ids: [mine.ownerId], data: mine.data }] : []),
  ]);
}

/** The lesson itself changed (created, ended, processed): the same object the list call answers. */
export async function announceLesson(
  work: Work,
  row: LessonRow,
  subtype: typeof EventSubtype.NEW | typeof EventSubtype.UPDATE | typeof EventSubtype.END,
) {
  await announce(work, row.communityId, subtype, {
    kind: 'session',
    session: await presentOne(work.tx, row),
  });
}
