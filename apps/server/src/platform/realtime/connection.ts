import { type ClientSocketMessage, WATCHED_CHANNELS_MAX, WS_CLOSE } from '@orbit/contract';
import { WebSocket } from 'ws';
import { ProfilesCoalescer } from './coalesce';
import { type CursorOwner, StreamCursor } from './cursor';
import type { Frame } from './envelope';
import { type ResumePlan, watches } from './history';
import { sendText } from './wire';

const TEXT = { binary: false } as const;
const RESYNC = Buffer.from('{"type":"RESYNC"}');
const PONG = Buffer.from('{"type":"pong"}');
/** During a replay the server waits for a full buffer to drain; a client that takes longer is let go. */
const REPLAY_STALL_MS = 10_000;
/** No channel followed: shared by every connection until its first (a member in no community allocates nothing). */
const NO_CURSORS: readonly StreamCursor[] = [];

/** This instance's index of which sockets follow which community channel (sockets.ts). */
export interface ChannelIndex {
  follow(connection: Connection, communityId: number): void;
  unfollow(connection: Connection, communityId: number): void;
}

export interface ConnectionOptions {
  maxBufferedBytes: number;
  /** One page of the member's personal events after a sequence, in order (history.ts). */
  personalAfter(userId: number, afterSeq: number): Promise<Frame[]>;
  /** One page of a channel's events after a sequence, as this member sees them (history.ts). */
  channelAfter(communityId: number, userId: number, afterSeq: number): Promise<Frame[]>;
  channels: ChannelIndex;
  onFailure(err: unknown, userId: number): void;
  /** Counts each event frame written to the socket, live or replayed (the metrics' events delivered). */
  onDelivered(): void;
}

/**
 * One socket of one member: its personal stream and one stream per community channel it follows, each
 * written once and in order (cursor.ts). A CHANNEL event on the personal stream makes it follow or leave a
 * channel at the position that event carries. The options are the hub's, shared by every connection, and
 * the connection is its cursors' owner: a socket costs its own state and nothing per closure (decision 0063).
 */
export class Connection implements CursorOwner {
  private readonly personal = new StreamCursor(this, null);
  /**
   * One cursor per followed channel, each knowing its channel. A list, replaced whole when it changes (a join
   * or a leave while open): a `Map` cost 180 bytes a socket for its table even with one channel, and a list a
   * member follows is short, so finding a channel's cursor in it is as quick.
   */
  private followed: readonly StreamCursor[] = NO_CURSORS;
  /** USER_PROFILES refreshes of the personal stream, at most one a second (coalesce.ts); made at the first. */
  private profiles: ProfilesCoalescer | null = null;
  /** Work deferred until the socket has caught up (a ping's pong); null once it has. */
  private untilOpen: (() => void)[] | null = [];
  /** The channels whose frames the client wants (decision 0084); null: every channel it follows. */
  private watching: readonly number[] | null = null;

  constructor(
    readonly userId: number,
    readonly sessionId: number,
    private readonly socket: WebSocket,
    private readonly options: ConnectionOptions,
  ) {}

  /**
   * Follows the channels the member belongs to: their frames are held until `open`. Those the client does not
   * watch are quiet: their frames pass by.
   */
  prepare(communityIds: number[]): void {
    const added = [...new Set(communityIds)].filter((communityId) => !this.cursorOf(communityId));
    if (added.length === 0) return;
    // Made at their exact length (a list grown by push keeps room for 16 more).
    const cursors = added.map((communityId) => this.followChannel(communityId));
    this.followed = this.followed.length === 0 ? cursors : [...this.followed, ...cursors];
  }

  /** Starts every stream from its resume plan, then answers the pings that waited. */
  async open(plan: ResumePlan): Promise<void> {
    if (plan.resync) this.socket.send(RESYNC, TEXT);
    const positions: Record<string, number> = {};
    const starts: Promise<void>[] = [];
    for (const cursor of this.followed) {
      const communityId = cursor.channel as number;
      const start = plan.channels.get(communityId) ?? { from: 0, replay: false };
      positions[communityId] = start.from;
      starts.push(cursor.start(start.from, start.replay));
    }
    const announced = { type: 'POSITIONS', personal: plan.personal.from, channels: positions };
    this.socket.send(Buffer.from(JSON.stringify(announced)), TEXT);
    starts.push(this.personal.start(plan.personal.from, plan.personal.replay));
    await Promise.all(starts);
    const deferred = this.untilOpen ?? [];
    this.untilOpen = null;
    for (const run of deferred) run();
  }

  /** A live frame of the member's personal stream. */
  deliver(frame: Frame): void {
    this.personal.deliver(frame);
  }

  /** A live frame of a community channel this socket follows. */
  deliverChannel(communityId: number, frame: Frame): void {
    this.cursorOf(communityId)?.deliver(frame);
  }

  /**
   * The client watches these channels from now on: a channel watched again reads what passed by while it
   * was quiet, then goes live; one no longer watched lets its frames pass by.
   */
  watch(communityIds: readonly number[] | null): void {
    this.watching = communityIds;
    for (const cursor of this.followed) {
      if (watches(communityIds, cursor.channel as number)) cursor.unmute();
      else cursor.mute();
    }
  }

  /** The channels the client watches now; null: every channel. */
  watched(): readonly number[] | null {
    return this.watching;
  }

  /** How many followed channels the client does not watch. */
  quietChannels(): number {
    return this.followed.filter((cursor) => cursor.isQuiet).length;
  }

  followedChannels(): number[] {
    return this.followed.map((cursor) => cursor.channel as number);
  }

  /**
   * The bus may have dropped frames (its connection was lost and is back): read what came after lastSeq from
   * the tables, on every stream. A socket already reading (or not yet open) will see them anyway.
   */
  resync(): void {
    this.personal.resync();
    for (const cursor of this.followed) cursor.resync();
  }

  /** A message from the client: a ping, or the channels it watches; anything else is ignored. */
  receive(raw: unknown): void {
    const message = clientMessage(raw);
    if (message?.type === 'watch') this.watch(message.communities);
    if (message?.type !== 'ping') return;
    const pong = () => {
      if (this.socket.readyState === WebSocket.OPEN) this.socket.send(PONG, TEXT);
    };
    if (this.untilOpen) this.untilOpen.push(pong);
    else pong();
  }

  close(code: number, reason: string): void {
    this.profiles?.stop();
    this.personal.stop();
    for (const cursor of this.followed) cursor.stop();
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(code, reason);
    }
  }

  /** CursorOwner: the personal stream, or the channel as this member sees it. */
  readAfter(cursor: StreamCursor, afterSeq: number): Promise<Frame[]> {
    return cursor.channel === null
      ? this.options.personalAfter(this.userId, afterSeq)
      : this.options.channelAfter(cursor.channel, this.userId, afterSeq);
  }

  /** CursorOwner: a personal frame may be held back or bring a held refresh first, and may move a channel. */
  writeLive(cursor: StreamCursor, frame: Frame): boolean {
    if (cursor.channel !== null) return this.writeLiveFrame(frame);
    for (const each of this.admit(frame)) if (!this.writeLiveFrame(each)) return false;
    this.applyMembership(frame);
    return true;
  }

  async writeReplayed(cursor: StreamCursor, frame: Frame): Promise<boolean> {
    if (cursor.channel !== null) return this.writeReplayedFrame(frame);
    for (const each of this.admit(frame)) if (!(await this.writeReplayedFrame(each))) return false;
    this.applyMembership(frame);
    return true;
  }

  failed(err: unknown): void {
    this.options.onFailure(err, this.userId);
    this.close(WS_CLOSE.internal, 'backlog unavailable');
  }

  private admit(frame: Frame): Frame[] {
    this.profiles ??= new ProfilesCoalescer((held) => this.writeLiveFrame(held));
    return this.profiles.admit(frame);
  }

  private cursorOf(communityId: number): StreamCursor | undefined {
    for (const cursor of this.followed) if (cursor.channel === communityId) return cursor;
    return undefined;
  }

  /** Joined: read the channel on from the join's position. Left: stop following it. */
  private applyMembership({ membership }: Frame): void {
    if (!membership) return;
    const { communityId } = membership;
    const followed = this.cursorOf(communityId);
    if (!membership.joined) {
      if (followed) {
        followed.stop();
        this.followed = this.followed.filter((cursor) => cursor !== followed);
      }
      this.options.channels.unfollow(this, communityId);
      return;
    }
    if (followed) return;
    const cursor = this.followChannel(communityId);
    this.followed = [...this.followed, cursor];
    // A quiet channel reads on from the join once watched.
    void cursor.start(membership.from, watches(this.watching, communityId));
  }

  private followChannel(communityId: number): StreamCursor {
    this.options.channels.follow(this, communityId);
    const cursor = new StreamCursor(this, communityId);
    if (!watches(this.watching, communityId)) cursor.mute();
    return cursor;
  }

  /** Live path: a socket whose buffer is over the cap is closed (it resumes with since), never grown. */
  private writeLiveFrame(frame: Frame): boolean {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    if (!frame.bytes) return true;
    if (this.socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.close(WS_CLOSE.tooSlow, 'too slow');
      return false;
    }
    sendText(this.socket, frame.bytes);
    this.options.onDelivered();
    return true;
  }

  /** Replay path: the server itself is the fast writer here, so it waits for the buffer to drain. */
  private writeReplayedFrame(frame: Frame): Promise<boolean> {
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.resolve(false);
    const bytes = frame.bytes;
    if (!bytes) return Promise.resolve(true);
    this.options.onDelivered();
    if (this.socket.bufferedAmount + bytes.length <= this.options.maxBufferedBytes) {
      this.socket.send(bytes, TEXT);
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const stall = setTimeout(() => {
        this.close(WS_CLOSE.tooSlow, 'too slow');
        resolve(false);
      }, REPLAY_STALL_MS);
      this.socket.send(bytes, TEXT, (err) => {
        clearTimeout(stall);
        resolve(!err);
      });
    });
  }
}

/** The longest message a client sends: a `watch` of WATCHED_CHANNELS_MAX ids of ten digits. */
const CLIENT_MESSAGE_MAX_BYTES = 64 + 11 * WATCHED_CHANNELS_MAX;

/** A ping or a well-formed watch (at most WATCHED_CHANNELS_MAX positive ids); null for anything else. */
export function clientMessage(raw: unknown): ClientSocketMessage | null {
  if (!(raw instanceof Buffer) || raw.length > CLIENT_MESSAGE_MAX_BYTES) return null;
  let message: { type?: unknown; communities?: unknown };
  try {
    message = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  if (message.type === 'ping') return { type: 'ping' };
  const ids = message.communities;
  if (message.type !== 'watch' || !Array.isArray(ids) || ids.length > WATCHED_CHANNELS_MAX) return null;
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return null;
  return { type: 'watch', communities: [...new Set(ids as number[])] };
}
