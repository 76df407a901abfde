import type { PrivateCallSession } from '@orbit/contract';
import { fetchCallSession } from '../../api/calls';
import type { CallRoom, Me } from './room';

/** A private call that rings me: its room session, and the room opened (not joined) on its gateway. */
interface Prepared {
  session: PrivateCallSession;
  room: CallRoom;
}

const pending = new Map<number, Promise<Prepared | null>>();
const ready = new Map<number, Prepared>();
/** A room connected before its screen and never taken by it (the screen closed at once) is left after this. */
const UNCLAIMED_MS = 15_000;

/**
 * While a private call rings: its session is read (an invited member may, 0019), janus.js is loaded and the
 * room opened (session, publisher handle; no join, no device), so that Accept joins at once
 * (docs/decisions/0032). A community call rings every member, so it is not prepared: that would be one
 * request and one Janus session per member at the same moment.
 */
export function prepareCall(callId: number, me: Me): void {
  if (pending.has(callId)) return;
  const preparing = open(callId, me).catch(() => null);
  pending.set(callId, preparing);
  void preparing.then((prepared) => {
    if (!prepared) return;
    // Declined or ended while this was under way: nothing is kept.
    if (pending.get(callId) !== preparing) return prepared.room.leave();
    ready.set(callId, prepared);
    void prepared.room.open();
  });
}

async function open(callId: number, me: Me): Promise<Prepared> {
  const [session, { CallRoom: Room, roomOptions }] = await Promise.all([
    fetchCallSession(callId),
    import('./room'),
  ]);
  return { session, room: new Room(roomOptions(session, me)) };
}

/** The call stopped ringing without being taken (declined, ended, hidden): its room closes. */
export function dropPreparedCall(callId: number): void {
  pending.delete(callId);
  ready.get(callId)?.room.leave();
  ready.delete(callId);
}

/** The session being read while the call rang (null when none is): Accept races it with its own POST. */
export const preparedSession = (callId: number): Promise<PrivateCallSession | null> =>
  pending.get(callId)?.then((prepared) => prepared?.session ?? null) ?? Promise.resolve(null);

/** Me as a session names me, once I am in the call (the start's answer, the accept's). */
function meIn(session: PrivateCallSession): Me | null {
  const mine = session.participants.find((participant) => participant.me);
  return mine ? { id: mine.id, name: mine.display } : null;
}

/**
 * Joins the call's room now, as soon as its session is known, rather than once its screen has rendered: the
 * screen then takes the room already connecting (docs/decisions/0032). The room opened while the call rang
 * is the one joined, when it is the room this session names.
 */
export async function connectNow(callId: number, session: PrivateCallSession): Promise<void> {
  const { CallRoom: Room, roomOptions } = await import('./room');
  const opened = ready.get(callId);
  const serves = opened?.room.serves({ url: session.janus_url, roomId: session.janus_room_id });
  let entry = serves ? opened : undefined;
  if (!entry) {
    opened?.room.leave();
    const me = meIn(session);
    if (!me) return;
    entry = { session, room: new Room(roomOptions(session, me)) };
  }
  pending.delete(callId);
  ready.set(callId, entry);
  void entry.room.connect();
  const connected = entry;
  setTimeout(() => {
    if (ready.get(callId) !== connected) return;
    ready.delete(callId);
    connected.room.leave();
  }, UNCLAIMED_MS);
}

/** The room opened while the call rang, taken by the call screen when it is the room its session names. */
export function adoptPreparedRoom(callId: number, session: PrivateCallSession): CallRoom | null {
  const prepared = ready.get(callId);
  pending.delete(callId);
  ready.delete(callId);
  if (!prepared) return null;
  if (prepared.room.serves({ url: session.janus_url, roomId: session.janus_room_id })) return prepared.room;
  prepared.room.leave();
  return null;
}
