import type { Socket } from 'node:net';
import {
  type EndpointReply,
  type Endpoints,
  EventSubtype,
  EventType,
  endpointRequest,
} from '@orbit/contract';
import { and, asc, eq, gt, inArray, max } from 'drizzle-orm';
import { WebSocket } from 'ws';
import type { Queryable } from '../db/client';
import { channelEvents, events, type unpublishedChannelEvents, unpublishedEvents } from '../db/schema';
import type { AppDeps } from '../deps';
import type { App } from '../platform/http';
import { type CommittedBatch, type CommittedEvent, type EventPublisher, inTransaction } from '../platform/tx';
import type { TestUser } from './harness';

/** Test support for the realtime tests: a listening app, real socket clients, events emitted as services do. */

/** Starts the app on a free loopback port; answers its origin (what a browser on it sends as Origin). */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * The socket URL /api/wsurl hands this member, asked over real HTTP: the URL names the host the request came
 * to, the listening app's, which an injected request has not.
 */
export async function wsUrl(origin: string, user: TestUser): Promise<string> {
  const { path } = endpointRequest('socketUrl');
  const response = await fetch(`${origin}/api${path}`, { headers: user.headers });
  if (response.status !== 200) throw new Error(`wsurl answered ${response.status}`);
  return ((await response.json()) as EndpointReply<Endpoints['socketUrl']>).url;
}

/** Points a socket URL (its ticket and query) at another listening instance. */
export function onInstance(url: string, origin: string): string {
  const target = new URL(url);
  target.host = new URL(origin).host;
  return target.toString();
}

export function withSince(url: string, since: number): string {
  const target = new URL(url);
  target.searchParams.set('since', String(since));
  return target.toString();
}

/** Generous: these tests share a busy machine with the rest of the suite. */
const WAIT_MS = 20_000;

/** A client socket that records every envelope it receives (pongs are answered to `ping`, not recorded). */
export class TestSocket {
  readonly messages: Record<string, unknown>[] = [];
  /** The channel positions the server announced when the socket opened. */
  positions: Record<string, number> = {};
  private readonly waiters: (() => void)[] = [];
  private pongs: (() => void)[] = [];
  readonly closed: Promise<number>;

  /** Wraps the socket before it opens, so that no early message is missed. */
  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as Record<string, unknown>;
      if (message.type === 'pong') {
        for (const resolve of this.pongs.splice(0)) resolve();
        return;
      }
      if (message.type === 'POSITIONS') {
        this.positions = message.channels as Record<string, number>;
        return;
      }
      this.messages.push(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  /** Opens a socket; `origin: null` sends none (a non-browser client). */
  static async open(url: string, origin: string | null): Promise<TestSocket> {
    const result = await attempt(url, origin);
    if (typeof result === 'number') throw new Error(`socket refused with HTTP ${result}`);
    return result;
  }

  /** Sends a ping and waits for its pong: once it arrives, the socket has caught up and is live. */
  async live(): Promise<void> {
    const pong = new Promise<void>((resolve) => this.pongs.push(resolve));
    this.ws.send('{"type":"ping"}');
    await withTimeout(pong, 'pong');
  }

  /** Tells the server which channels' frames this socket wants from now on (decision 0084). */
  watch(communityIds: number[]): void {
    this.ws.send(JSON.stringify({ type: 'watch', communities: communityIds }));
  }

  /** Waits until `count` messages have arrived in all. */
  async received(count: number): Promise<Record<string, unknown>[]> {
    while (this.messages.length < count) {
      await withTimeout(new Promise<void>((resolve) => this.waiters.push(resolve)), `message ${count}`);
    }
    return this.messages;
  }

  ids(): unknown[] {
    return this.messages.map((m) => m.id);
  }

  /** Stops reading from the network, as a client on a stalled link would. */
  stall(): void {
    this.socket().pause();
  }

  unstall(): void {
    this.socket().resume();
  }

  close(): void {
    this.ws.close();
  }

  /** Writes bytes past the client's framing, as a broken or hostile client would. */
  writeRaw(bytes: Buffer): void {
    this.socket().write(bytes);
  }

  private socket(): Socket {
    return (this.ws as unknown as { _socket: Socket })._socket;
  }
}

/** Opens a socket at `url` and waits until it has caught up (its pong is back). */
export async function liveSocket(url: string, origin: string): Promise<TestSocket> {
  const socket = await TestSocket.open(url, origin);
  await socket.live();
  return socket;
}

/** The COMMUNITY_POST envelopes a socket received, in order. */
export const postsOn = (socket: TestSocket) =>
  socket.messages.filter((m) => m.type === EventType.COMMUNITY_POST);

/** The messages of the community posts a socket received, in order. */
export const postMessagesOn = (socket: TestSocket) =>
  postsOn(socket).map((m) => (m.data as { message: string }).message);

/** The first event of this type and subtype the socket receives (others, such as NOTIFICATION, may interleave). */
export async function eventOf(socket: TestSocket, type: EventType, subtype: EventSubtype | null) {
  for (let count = 1; ; count++) {
    const found = (await socket.received(count)).find((m) => m.type === type && m.subtype === subtype);
    if (found) return found;
  }
}

/** Opens a socket, or answers the HTTP status its handshake was refused with. */
export function attempt(url: string, origin: string | null): Promise<TestSocket | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { headers: { origin } } : {});
    const client = new TestSocket(ws);
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), WAIT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** Personal rows as the publisher takes them. */
export function personalBatch(personal: CommittedEvent[]): CommittedBatch {
  return { personal, channel: [] };
}

const LOST: EventPublisher = { publishCommitted() {} };

/**
 * Emits one personal event to each recipient the way a service does: a FRIEND_REQUEST REJECT naming
 * `user_id` (a payload of the contract's catalogue: the test suite checks every emitted one; one the socket
 * writes as it comes, where USER_PROFILES refreshes would be merged). With `lost`, the commit happens but the
 * publish never does, as if the process stopped in between. Answers the committed rows.
 */
export function emit(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  recipients: number[],
  data: { user_id: number },
  options: { lost?: boolean } = {},
): Promise<CommittedEvent[]> {
  const publisher = options.lost ? LOST : deps.realtime;
  return inTransaction({ db: deps.db, publisher }, async (work) => {
    await work.emit(recipients, EventType.FRIEND_REQUEST, EventSubtype.REJECT, data);
    return work.pending;
  });
}

/** Adds the client's channel positions to a socket URL, as the web app does on resume. */
export function withChannels(url: string, positions: Record<number, number>): string {
  const target = new URL(url);
  const pairs = Object.entries(positions).map(([channel, seq]) => `${channel}:${seq}`);
  target.searchParams.set('ch', pairs.join(','));
  return target.toString();
}

/** The channels the socket watches from its first frame (decision 0084); without it, every channel. */
export function withWatching(url: string, communityIds: number[]): string {
  const target = new URL(url);
  target.searchParams.set('w', communityIds.join(','));
  return target.toString();
}

/** A point in what a member received: their personal sequence, and the last community channel row. */
export interface ReceivedMark {
  personal: number;
  channel: number;
}

/**
 * What a member received after `since`, read from the tables: their personal events in order, then the
 * community channel events of the groups they are in.
 */
export async function eventsReceived(
  db: Queryable,
  userId: number,
  since: ReceivedMark = { personal: 0, channel: 0 },
) {
  const personal = await db
    .select({ seq: events.seq, type: events.type, subtype: events.subtype, data: events.data })
    .from(events)
    .where(and(eq(events.recipientId, userId), gt(events.seq, since.personal)))
    .orderBy(asc(events.seq));
  const channel = await db
    .select()
    .from(channelEvents)
    .where(gt(channelEvents.id, since.channel))
    .orderBy(asc(channelEvents.id));
  const seen = channel.flatMap((row) => {
    const group = row.groups.find((g) => g.ids.includes(userId));
    return group ? [{ seq: row.seq, type: row.type, subtype: row.subtype, data: group.data }] : [];
  });
  return [...personal, ...seen];
}

/** A mark of everything written so far, for eventsReceived. */
export async function receivedMark(db: Queryable, userId: number): Promise<ReceivedMark> {
  const [personal] = await db
    .select({ seq: max(events.seq) })
    .from(events)
    .where(eq(events.recipientId, userId));
  const [channel] = await db.select({ id: max(channelEvents.id) }).from(channelEvents);
  return { personal: personal?.seq ?? 0, channel: channel?.id ?? 0 };
}

/** Which of these events are still waiting for the bus: their ids in unpublished_events (or the channel's table). */
export async function stillUnpublished(
  db: Queryable,
  ids: number[],
  table: typeof unpublishedEvents | typeof unpublishedChannelEvents = unpublishedEvents,
): Promise<number[]> {
  const rows = await db.select({ id: table.eventId }).from(table).where(inArray(table.eventId, ids));
  return rows.map((row) => row.id);
}
