import type { Work } from '../../platform/tx';
import type { SessionRow } from './presenter';

/**
 * Called in the transaction that records a new session, after its row, post and history are written: the
 * incentive progress and the tournament battles (issue 6) register here, so a session counts everywhere or
 * nowhere. A resent external id is not new and calls no listener.
 */
export type SessionListener = (work: Work, session: SessionRow) => Promise<void>;

const listeners: SessionListener[] = [];

export function onSessionRecorded(listener: SessionListener): () => void {
  listeners.push(listener);
  return () => {
    const at = listeners.indexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  };
}

export async function sessionRecorded(work: Work, session: SessionRow): Promise<void> {
  for (const listener of listeners) await listener(work, session);
}
