import { WS_CLOSE } from '@orbit/contract';
import type { Logger } from 'pino';
import { Periodic } from '../periodic';
import type { Connection } from './connection';
import { ConnectionIndex } from './connection-index';

/**
 * This instance's open sockets by session, so that a session that ends (sign-out, password change, expiry)
 * loses its sockets at once instead of receiving the member's private events until the client leaves.
 */
export class SessionSockets extends ConnectionIndex<number, Connection> {
  sessionIds(): number[] {
    return this.keys();
  }

  /** 4401: the session is over, so the client signs in again rather than resuming with `since`. */
  close(sessionIds: readonly number[]): void {
    for (const sessionId of sessionIds) {
      for (const connection of this.take(sessionId)) connection.close(WS_CLOSE.unauthorized, 'session ended');
    }
  }
}

/** Sessions read per query: bounded, so one check never sends an unbounded list of parameters. */
const CHECK_BATCH = 1_000;

/**
 * Every `everyMs`, closes this instance's sockets whose session ended without a closure reaching it: past
 * its lifetime or idle too long, or revoked while the bus was away.
 */
export function sessionWatch(
  sockets: SessionSockets,
  endedAmong: (sessionIds: number[]) => Promise<number[]>,
  everyMs: number,
  log: Logger,
): Periodic {
  const check = async () => {
    const ids = sockets.sessionIds();
    for (let from = 0; from < ids.length; from += CHECK_BATCH) {
      sockets.close(await endedAmong(ids.slice(from, from + CHECK_BATCH)));
    }
  };
  return new Periodic(everyMs, check, (err) =>
    log.warn({ err }, 'socket session check failed; the next one retries'),
  );
}
