import type { Logger } from 'pino';

/**
 * The bus that carries committed events between instances: in-process by default, Redis pub/sub with
 * REDIS_URL. One message per change: its recipients with each one's sequence, and the envelope's shared
 * part already serialised, so that no instance serialises the payload again or reads the database to
 * deliver it.
 */
export interface BusMessage {
  recipients: { userId: number; seq: number }[];
  /** The envelope without its leading `{"id":n,` (see envelope.ts): identical for every recipient. */
  rest: string;
}

/** The second kind of bus message: every socket of these sessions closes (they were revoked). */
export interface SessionsClosed {
  sessionIds: number[];
}

/**
 * Refused at once while the bus is away (Redis unreachable): the events stay in the outbox, and the sweeper
 * publishes them once it is back. The health watch (redis-health.ts) reports the outage once.
 */
export class BusAway extends Error {
  constructor() {
    super('The bus is away: events wait in the outbox until it is back');
  }
}

/** Logs a failed bus call, except the bus being away, which the health watch has reported already. */
export function warnUnlessAway(log: Logger, err: unknown, message: string): void {
  if (!(err instanceof BusAway)) log.warn({ err }, message);
}

export interface Bus {
  publish(message: BusMessage): Promise<void>;
  /** Called once per process by the hub; resolves when messages will reach the handler. */
  subscribe(handler: (message: BusMessage) => void): Promise<void>;
  publishSessionsClosed(message: SessionsClosed): Promise<void>;
  /** Registered by the hub before it subscribes: closures travel on the same subscription. */
  onSessionsClosed(handler: (message: SessionsClosed) => void): void;
  /**
   * Called after the subscription was lost and is back: messages published meanwhile never reached this
   * instance, so its sockets read them from the events table. A bus that cannot lose any has none.
   */
  onResumed?(handler: () => void): void;
  close(): Promise<void>;
}

/** The single-process bus: publishing hands the message straight to this process's hub. */
export class MemoryBus implements Bus {
  private readonly handlers: ((message: BusMessage) => void)[] = [];
  private readonly closedHandlers: ((message: SessionsClosed) => void)[] = [];

  async publish(message: BusMessage): Promise<void> {
    for (const handler of this.handlers) handler(message);
  }

  async subscribe(handler: (message: BusMessage) => void): Promise<void> {
    this.handlers.push(handler);
  }

  async publishSessionsClosed(message: SessionsClosed): Promise<void> {
    for (const handler of this.closedHandlers) handler(message);
  }

  onSessionsClosed(handler: (message: SessionsClosed) => void): void {
    this.closedHandlers.push(handler);
  }

  async close(): Promise<void> {
    this.handlers.length = 0;
    this.closedHandlers.length = 0;
  }
}

/**
 * The wire form between instances: the recipients as compact JSON, a newline, then the shared envelope part
 * verbatim. JSON.stringify never writes a raw newline, so the first one separates the two, and the payload is
 * not encoded a second time inside a JSON string.
 */
export function encodeBusMessage(message: BusMessage): string {
  const pairs = message.recipients.map((r) => [r.userId, r.seq]);
  return `${JSON.stringify(pairs)}\n${message.rest}`;
}

export function decodeBusMessage(raw: string): BusMessage | null {
  const split = raw.indexOf('\n');
  if (split < 0) return null;
  let pairs: unknown;
  try {
    pairs = JSON.parse(raw.slice(0, split));
  } catch {
    return null;
  }
  if (!Array.isArray(pairs)) return null;
  const recipients: BusMessage['recipients'] = [];
  for (const pair of pairs) {
    if (!Array.isArray(pair) || !Number.isInteger(pair[0]) || !Number.isInteger(pair[1])) return null;
    recipients.push({ userId: pair[0], seq: pair[1] });
  }
  return { recipients, rest: raw.slice(split + 1) };
}

/**
 * The wire form of a closure: a first line that is not JSON (so decodeBusMessage drops it), then the session
 * ids as a JSON list.
 */
const SESSIONS_CLOSED = 'sessions-closed\n';

export function encodeSessionsClosed(message: SessionsClosed): string {
  return `${SESSIONS_CLOSED}${JSON.stringify(message.sessionIds)}`;
}

export function decodeSessionsClosed(raw: string): SessionsClosed | null {
  if (!raw.startsWith(SESSIONS_CLOSED)) return null;
  let ids: unknown;
  try {
    ids = JSON.parse(raw.slice(SESSIONS_CLOSED.length));
  } catch {
    return null;
  }
  if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id))) return null;
  return { sessionIds: ids };
}
