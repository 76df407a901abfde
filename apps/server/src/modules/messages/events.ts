import { EventSubtype, EventType, type PmDeleted, type PrivateMessage } from '@orbit/contract';
import type { Work } from '../../platform/tx';
import { presentMemberFace } from '../faces';
import { type MessageRow, presentMessage, stateFor } from './presenter';
import { authorsPersonaSeenIn, type Thread } from './queries';

/**
 * PM NEW or UPDATE to every participant (the sender's other sockets included), each receiving the message
 * as their own list would show it: the author's persona or avatar identity, read or unread. Participants
 * who see it alike share one event payload, so a group costs at most four payloads. Answers whether each
 * participant was shown the author's persona.
 */
export async function emitMessage(
  work: Work,
  subtype: typeof EventSubtype.NEW | typeof EventSubtype.UPDATE,
  row: MessageRow,
  thread: Thread,
): Promise<Map<number, boolean>> {
  const author = thread.participants.find((p) => p.user.id === row.authorId)?.user;
  if (!author) return new Map();
  const personaSeen = await authorsPersonaSeenIn(work.tx, thread, author);
  const batches = new Map<string, { ids: number[]; data: PrivateMessage }>();
  for (const p of thread.participants) {
    const showPersona = personaSeen.get(p.user.id) === true;
    const state = stateFor(row, p.user.id, p.lastReadId);
    const key = `${showPersona}:${state}`;
    const batch = batches.get(key) ?? {
      ids: [],
      data: presentMessage(row, presentMemberFace(author, showPersona), state),
    };
    batch.ids.push(p.user.id);
    batches.set(key, batch);
  }
  for (const batch of batches.values()) await work.emit(batch.ids, EventType.PM, subtype, batch.data);
  return personaSeen;
}

export function emitDeleted(work: Work, thread: Pick<Thread, 'participants'>, data: PmDeleted) {
  return work.emit(
    thread.participants.map((p) => p.user.id),
    EventType.PM,
    EventSubtype.DELETE,
    data,
  );
}

/** The members' badges (pending_pms_qty) or star sets changed: their clients refetch /user/profiles. */
export async function announceProfiles(work: Work, userIds: number[]) {
  for (const userId of userIds) await work.emit([userId], EventType.USER_PROFILES, null, { user_id: userId });
}
