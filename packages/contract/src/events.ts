import type { EventType } from './enums';
import type { EventData, EventSubtypeOf } from './event-catalogue';

/** One envelope of one (type, subtype) pair of the event catalogue. */
interface EnvelopeOf<T extends EventType, S> {
  id: number;
  ch?: number;
  type: T;
  subtype: S;
  ts: string;
  data: EventData<T, S>;
}

/**
 * One realtime envelope (docs/product/realtime.md#event-types), typed by the event catalogue: a union over the catalogue's pairs, so that
 * `type` and `subtype` narrow `data`. `id` is the position in its stream: the recipient's own monotonic
 * sequence, or, with `ch`, the sequence of that community's channel (docs/decisions/0004).
 */
export type EventEnvelope<T extends EventType = EventType> = T extends EventType
  ? EventSubtypeOf<T> extends infer S
    ? S extends unknown
      ? EnvelopeOf<T, S>
      : never
    : never
  : never;

/** Sent instead of a replay when the client's gap is older than the retention. */
export interface ResyncMessage {
  type: 'RESYNC';
}

/** The answer to a client's `{ "type": "ping" }`; a client that never pings never receives one. */
export interface PongMessage {
  type: 'pong';
}

/** A liveness ping (the resume point travels in the URL); the server answers `pong` once caught up. */
export interface PingMessage {
  type: 'ping';
}

/**
 * The community channels whose frames the socket wants from now on: the communities whose screens are open
 * (decision 0084). It replaces the list the socket had (the URL's `w`); a channel left out stays followed
 * without its frames, and when watched again its socket first writes what it passed by meanwhile.
 */
export interface WatchMessage {
  type: 'watch';
  communities: number[];
}

/** A socket watches at most this many community channels at once (a member's open screens: one to three). */
export const WATCHED_CHANNELS_MAX = 16;

/**
 * Sent once a socket opens: its position on the member's personal stream and on each community channel it
 * follows, for the next resume (a client that has seen no event yet can still resume from here).
 */
export interface PositionsMessage {
  type: 'POSITIONS';
  personal: number;
  channels: Record<string, number>;
}

export type ServerSocketMessage = EventEnvelope | ResyncMessage | PositionsMessage | PongMessage;
export type ClientSocketMessage = PingMessage | WatchMessage;

/**
 * Close codes of /api/ws. A refused handshake answers HTTP 401/403 before the upgrade; these are sent on an
 * open socket so that the client knows whether to resume at once (slow, going away) or fetch a new ticket.
 */
export const WS_CLOSE = {
  goingAway: 1001,
  /** The server fell behind on this socket's buffer; resume with `since`. */
  tooSlow: 4008,
  unauthorized: 4401,
  forbidden: 4403,
  /** The server could not read the backlog (database unavailable); resume with `since`. */
  internal: 1011,
  /** The instance is restarting (it drains on SIGTERM); resume with `since`, at another instance. */
  serviceRestart: 1012,
} as const;

/** How long the events table keeps an event for resume (at least 24 hours, docs/product/realtime.md#delivery). */
export const EVENT_RETENTION_MS = 48 * 60 * 60 * 1000;
export const WS_TICKET_TTL_MS = 60_000;

/**
 * A socket hears at most one USER_PROFILES refresh (a refetch of the star set) per this interval: the server
 * merges the ones in between into one, and the client refetches no more often either (issue 17).
 */
export const PROFILES_REFRESH_INTERVAL_MS = 1000;
