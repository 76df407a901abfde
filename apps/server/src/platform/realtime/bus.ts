import type { Logger } from 'pino';
import type { Membership } from './envelope';

/**
 * The bus that carries committed events between instances: in-process by default, Redis pub/sub with
 * REDIS_URL. One message per change, its envelope already serialised, so that no instance serialises the
 * payload again or reads the database to deliver it.
 */
export type BusMessage = PersonalMessage | ChannelMessage;

/** A change on members' personal streams: its recipients with each one's sequence. */
export interface PersonalMessage {
  kind: 'personal';
  recipients: { userId: number; seq: number }[];
  /** The envelope without its leading `{"id":n,` (see envelope.ts): identical for every recipient. */
  rest: string;
  /** Set on a CHANNEL event: the sockets of the recipient follow (or leave) a community's channel. */
  membership?: Membership;
}

/** A change on a community's channel, once: each group of members with the envelope they see. */
export interface ChannelMessage {
  kind: 'channel';
  communityId: number;
  seq: number;
  groups: { ids: number[]; rest: string }[];
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
  /** Called when the subscription is lost: until onResumed, messages published elsewhere do not arrive. */
  onLost?(handler: () => void): void;
  close(): Promise<void>;
}

/**
 * What the in-process buses of one deployment share: a publish on any reaches the handlers of all. A process
 * has one; a test's apps on one database share one, as instances share Redis.
 */
export class MemoryWire {
  readonly buses = new Set<MemoryBus>();
}

/** The single-process bus: publishing hands the message straight to the hubs on its wire. */
export class MemoryBus implements Bus {
  private readonly handlers: ((message: BusMessage) => void)[] = [];
  private readonly closedHandlers: ((message: SessionsClosed) => void)[] = [];

  constructor(private readonly wire = new MemoryWire()) {
    wire.buses.add(this);
  }

  async publish(message: BusMessage): Promise<void> {
    for (const bus of this.wire.buses) for (const handler of bus.handlers) handler(message);
  }

  async subscribe(handler: (message: BusMessage) => void): Promise<void> {
    this.handlers.push(handler);
  }

  async publishSessionsClosed(message: SessionsClosed): Promise<void> {
    for (const bus of this.wire.buses) for (const handler of bus.closedHandlers) handler(message);
  }

  onSessionsClosed(handler: (message: SessionsClosed) => void): void {
    this.closedHandlers.push(handler);
  }

  async close(): Promise<void> {
    this.wire.buses.delete(this);
    this.handlers.length = 0;
    this.closedHandlers.length = 0;
  }
}

type Header =
  | { r: [number, number][]; m?: [number, number, 0 | 1] }
  | { c: number; s: number; g: number[][] };

/**
 * The wire form between instances: a compact JSON header (recipients, or channel and groups), then each
 * envelope part verbatim on its own line. JSON.stringify never writes a raw newline, so lines separate the
 * parts, and no payload is encoded a second time inside a JSON string.
 */
export function encodeBusMessage(message: BusMessage): string {
  if (message.kind === 'channel') {
    const header: Header = { c: message.communityId, s: message.seq, g: message.groups.map((g) => g.ids) };
    return [JSON.stringify(header), ...message.groups.map((g) => g.rest)].join('\n');
  }
  const m = message.membership;
  const header: Header = {
    r: message.recipients.map((r) => [r.userId, r.seq]),
    ...(m ? { m: [m.communityId, m.from, m.joined ? 1 : 0] as [number, number, 0 | 1] } : {}),
  };
  return `${JSON.stringify(header)}\n${message.rest}`;
}

const isInt = (value: unknown): value is number => Number.isInteger(value);
const isIntList = (value: unknown): value is number[] => Array.isArray(value) && value.every(isInt);

export function decodeBusMessage(raw: string): BusMessage | null {
  const lines = raw.split('\n');
  if (lines.length < 2) return null;
  let header: unknown;
  try {
    header = JSON.parse(lines[0]);
  } catch {
    return null;
  }
  if (typeof header !== 'object' || header === null) return null;
  if ('c' in header) return decodeChannel(header as Record<string, unknown>, lines.slice(1));
  return decodePersonal(header as Record<string, unknown>, lines.slice(1).join('\n'));
}

function decodeChannel(header: Record<string, unknown>, rests: string[]): BusMessage | null {
  const { c, s, g } = header;
  if (!isInt(c) || !isInt(s) || !Array.isArray(g) || g.length !== rests.length || !g.every(isIntList)) {
    return null;
  }
  return { kind: 'channel', communityId: c, seq: s, groups: g.map((ids, i) => ({ ids, rest: rests[i] })) };
}

function decodePersonal(header: Record<string, unknown>, rest: string): BusMessage | null {
  const { r, m } = header;
  if (!Array.isArray(r) || !r.every((pair) => isIntList(pair) && pair.length === 2)) return null;
  const recipients = (r as [number, number][]).map(([userId, seq]) => ({ userId, seq }));
  if (m === undefined) return { kind: 'personal', recipients, rest };
  if (!isIntList(m) || m.length !== 3) return null;
  return {
    kind: 'personal',
    recipients,
    rest,
    membership: { communityId: m[0], from: m[1], joined: m[2] === 1 },
  };
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
