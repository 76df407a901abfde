import { UI_TIMINGS } from '@orbit/contract';

/**
 * The realtime socket as an explicit state machine: the screen can always tell which
 * state it is in, and the transitions are pure so they are tested without a socket.
 */
export type RealtimeStatus = 'connecting' | 'live' | 'resuming' | 'offline';

export interface RealtimeState {
  status: RealtimeStatus;
  /** Failed attempts since the socket was last live; drives the backoff. */
  attempt: number;
  /** Once live, later connections are resumes: they ask for the events missed in between. */
  everLive: boolean;
  /** The last event id seen, sent as `since` on resume. */
  lastId: number | null;
  /** The last id seen on each community channel followed, sent as `ch` on resume. */
  channels: Record<string, number>;
  /**
   * A resumed socket replays what was missed before anything live: until the server answers the ping sent
   * at open (it holds pongs until every stream caught up), what arrives are replays.
   */
  catchingUp: boolean;
}

export type RealtimeEvent =
  | { type: 'opened' }
  | { type: 'caughtUp' }
  | { type: 'lost' }
  | { type: 'retry' }
  | { type: 'seen'; id: number }
  | { type: 'seenOnChannel'; channel: number; id: number }
  | { type: 'positions'; personal: number; channels: Record<string, number> }
  | { type: 'resync' }
  | { type: 'left'; channel: number }
  | { type: 'reset' };

export const initialRealtimeState: RealtimeState = {
  status: 'connecting',
  attempt: 0,
  everLive: false,
  lastId: null,
  channels: {},
  catchingUp: false,
};

/** Positions only move forward: a replayed or late frame never takes a channel back. */
function mergePositions(known: Record<string, number>, seen: Record<string, number>): Record<string, number> {
  const merged = { ...known };
  let moved = false;
  for (const [channel, id] of Object.entries(seen)) {
    if ((merged[channel] ?? -1) >= id) continue;
    merged[channel] = id;
    moved = true;
  }
  return moved ? merged : known;
}

const seenPersonal = (state: RealtimeState, id: number): RealtimeState =>
  state.lastId !== null && state.lastId >= id ? state : { ...state, lastId: id };

export function realtimeTransition(state: RealtimeState, event: RealtimeEvent): RealtimeState {
  switch (event.type) {
    case 'opened':
      return { ...state, status: 'live', attempt: 0, everLive: true, catchingUp: state.everLive };
    case 'caughtUp':
      return state.catchingUp ? { ...state, catchingUp: false } : state;
    case 'lost':
      return state.status === 'offline' ? state : { ...state, status: 'offline', attempt: state.attempt + 1 };
    case 'retry':
      return state.status === 'offline'
        ? { ...state, status: state.everLive ? 'resuming' : 'connecting' }
        : state;
    case 'seen':
      return seenPersonal(state, event.id);
    case 'seenOnChannel': {
      const channels = mergePositions(state.channels, { [event.channel]: event.id });
      return channels === state.channels ? state : { ...state, channels };
    }
    case 'positions': {
      const channels = mergePositions(state.channels, event.channels);
      const moved = channels === state.channels ? state : { ...state, channels };
      return seenPersonal(moved, event.personal);
    }
    case 'resync':
      // The positions held are from another world or past the retention: the server's, announced next, count.
      return { ...state, lastId: null, channels: {} };
    case 'left': {
      if (!(event.channel in state.channels)) return state;
      const { [event.channel]: _gone, ...channels } = state.channels;
      return { ...state, channels };
    }
    case 'reset':
      return initialRealtimeState;
  }
}

/** What the status check learns of an open socket: whether it still hears the server. */
export interface Liveness {
  /** When the ping still unanswered was sent; null when none is. */
  pingSentAt: number | null;
  /** When the socket last received anything: a replay in progress proves it alive though its pong waits. */
  heardAt: number;
}

export type SocketCheck = 'ping' | 'wait' | 'reconnect';

/**
 * One status check of an open socket. One that heard something since the last check is alive; a quiet one
 * is pinged; one that has heard nothing since its ping for the pong bound is half-open (asleep, or the
 * network changed without a close) and is replaced.
 */
export function checkSocket(liveness: Liveness, now: number): SocketCheck {
  if (liveness.pingSentAt === null) {
    return now - liveness.heardAt >= UI_TIMINGS.realtimeStatusCheckMs ? 'ping' : 'wait';
  }
  const quietSince = Math.max(liveness.pingSentAt, liveness.heardAt);
  return now - quietSince >= UI_TIMINGS.realtimePongTimeoutMs ? 'reconnect' : 'wait';
}

export const BACKOFF = { baseMs: 500, maxMs: 30_000 } as const;

/**
 * Exponential backoff with "equal jitter": half the delay is fixed, half random, so a server restart
 * is not met by every client reconnecting in the same millisecond.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/**
 * The socket url for this attempt: a resume carries the last id seen, and the position on each channel; and
 * every attempt the channels the screens watch (decision 0084), when the app says which.
 */
export function socketUrl(
  baseUrl: string,
  lastId: number | null,
  channels: Record<string, number> = {},
  watching?: readonly number[],
): string {
  const params: string[] = [];
  if (lastId !== null) {
    params.push(`since=${lastId}`);
    const pairs = Object.entries(channels).map(([channel, id]) => `${channel}:${id}`);
    if (pairs.length > 0) params.push(`ch=${encodeURIComponent(pairs.join(','))}`);
  }
  if (watching) params.push(`w=${encodeURIComponent(watching.join(','))}`);
  if (params.length === 0) return baseUrl;
  return `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}${params.join('&')}`;
}
