import {
  type EventEnvelope,
  EventSubtype,
  EventType,
  type ServerSocketMessage,
  UI_TIMINGS,
} from '@orbit/contract';
import { create } from 'zustand';
import { call, isApiError } from './client';
import {
  backoffDelay,
  checkSocket,
  initialRealtimeState,
  type Liveness,
  type RealtimeEvent,
  type RealtimeState,
  realtimeTransition,
  socketUrl,
} from './realtimeMachine';

export interface RealtimeCallbacks {
  /** `replay`: sent on a resume before the socket caught up, so missed while offline. */
  onEvent: (event: EventEnvelope, replay: boolean) => void;
  /**
   * After a RESYNC, or a resume with no position to resume from: events were missed that no replay brings
   * back, so what the screen shows may be stale. An ordinary resume replays what was missed instead.
   */
  onStale: () => void;
}

/** A single-use socket address: GET /wsurl, a new ticket each time. */
const ticketedUrl = async () => (await call('socketUrl')).url;

const PING = JSON.stringify({ type: 'ping' });

export const useRealtimeStatus = create<{ state: RealtimeState }>(() => ({ state: initialRealtimeState }));

/**
 * One socket per signed-in session: GET /wsurl, connect, remember the last id, check the socket every
 * 2 s (docs/product/realtime.md#connection) and reconnect with backoff and jitter, resuming from the last id seen (docs/decisions/0004).
 */
export class RealtimeClient {
  private state: RealtimeState = initialRealtimeState;
  private socket: WebSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private checkTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = true;
  private liveness: Liveness = { pingSentAt: null, heardAt: 0 };
  /** The community channels whose frames the open screens want (decision 0084); none until told. */
  private watching: readonly number[] = [];
  /** The set the connecting socket's url carried: a change while it connects is sent once it opens. */
  private urlWatching: readonly number[] = [];

  /** `socketAddress`: where each attempt connects; tests hand in their own server's. */
  constructor(
    private readonly callbacks: RealtimeCallbacks,
    private readonly socketAddress: () => Promise<string> = ticketedUrl,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.dispatch({ type: 'reset' });
    this.checkTimer = setInterval(() => this.check(), UI_TIMINGS.realtimeStatusCheckMs);
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.checkTimer) clearInterval(this.checkTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.checkTimer = this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  /** The channels the screens watch now: the open socket is told at once, a new one in its url. */
  watch(communities: readonly number[]): void {
    this.watching = communities;
    if (this.socket?.readyState === WebSocket.OPEN) this.sendWatching(this.socket);
  }

  private sendWatching(socket: WebSocket): void {
    socket.send(JSON.stringify({ type: 'watch', communities: this.watching }));
  }

  private dispatch(event: RealtimeEvent): void {
    const next = realtimeTransition(this.state, event);
    if (next === this.state) return;
    this.state = next;
    useRealtimeStatus.setState({ state: next });
  }

  private async connect(): Promise<void> {
    let url: string;
    try {
      url = await this.socketAddress();
    } catch (error) {
      // Signed out: the app shows sign-in and stops this client; anything else is retried.
      if (!isApiError(error, 401)) this.lose();
      return;
    }
    if (this.stopped) return;
    this.urlWatching = this.watching;
    const socket = new WebSocket(socketUrl(url, this.state.lastId, this.state.channels, this.watching));
    this.socket = socket;
    socket.onopen = () => this.opened(socket);
    socket.onmessage = (message) => {
      if (this.socket === socket) this.received(message.data);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.lose();
    };
  }

  private opened(socket: WebSocket): void {
    if (this.socket !== socket) return;
    if (this.urlWatching !== this.watching) this.sendWatching(socket);
    const { everLive: resumed, lastId } = this.state;
    this.dispatch({ type: 'opened' });
    this.liveness = { pingSentAt: null, heardAt: Date.now() };
    if (!resumed) return;
    // The server holds this pong until every stream has caught up: what comes before it are replays.
    this.ping(socket, Date.now());
    // Without a personal position the server could not replay: only a refetch brings back what was missed.
    if (lastId === null) this.callbacks.onStale();
  }

  private ping(socket: WebSocket, now: number): void {
    socket.send(PING);
    this.liveness = { ...this.liveness, pingSentAt: now };
  }

  private received(raw: unknown): void {
    let message: ServerSocketMessage;
    try {
      message = JSON.parse(String(raw)) as ServerSocketMessage;
    } catch {
      return;
    }
    this.liveness = { ...this.liveness, heardAt: Date.now() };
    if (message.type === 'pong') {
      this.liveness = { ...this.liveness, pingSentAt: null };
      this.dispatch({ type: 'caughtUp' });
      return;
    }
    if (message.type === 'RESYNC') {
      this.dispatch({ type: 'resync' });
      this.callbacks.onStale();
      return;
    }
    if (message.type === 'POSITIONS') {
      this.dispatch({ type: 'positions', personal: message.personal, channels: message.channels });
      return;
    }
    this.track(message);
    if (message.type !== EventType.CHANNEL) this.callbacks.onEvent(message, this.state.catchingUp);
  }

  /** Remembers where each stream is, for the next resume; a CHANNEL event starts or ends a channel. */
  private track(message: EventEnvelope): void {
    if (typeof message.ch === 'number') {
      this.dispatch({ type: 'seenOnChannel', channel: message.ch, id: message.id });
      return;
    }
    this.dispatch({ type: 'seen', id: message.id });
    if (message.type !== EventType.CHANNEL) return;
    const { community_id, from } = message.data;
    if (message.subtype === EventSubtype.DELETE) this.dispatch({ type: 'left', channel: community_id });
    else this.dispatch({ type: 'seenOnChannel', channel: community_id, id: from });
  }

  private lose(): void {
    if (this.stopped) return;
    this.socket = null;
    this.dispatch({ type: 'lost' });
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.dispatch({ type: 'retry' });
      void this.connect();
    }, backoffDelay(this.state.attempt));
  }

  /**
   * The every-2-s check (docs/product/realtime.md#connection): a closed socket is reopened; an open one that has gone quiet is pinged, and
   * replaced when not even the pong comes back (half-open: asleep, or the network changed without a close).
   */
  check(now = Date.now()): void {
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CONNECTING) return;
    const verdict = socket.readyState === WebSocket.OPEN ? checkSocket(this.liveness, now) : 'reconnect';
    if (verdict === 'ping') this.ping(socket, now);
    if (verdict !== 'reconnect') return;
    // Forgotten first, so that the close of a half-open socket (which may never come) is not awaited.
    this.lose();
    socket.close();
  }
}
