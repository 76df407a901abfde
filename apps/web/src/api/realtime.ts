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
  initialRealtimeState,
  type RealtimeEvent,
  type RealtimeState,
  realtimeTransition,
  socketUrl,
} from './realtimeMachine';

export interface RealtimeCallbacks {
  /** `replay`: sent on a resume before the socket caught up, so missed while offline. */
  onEvent: (event: EventEnvelope, replay: boolean) => void;
  /** After a reconnect or a RESYNC: what the screen shows may be stale. */
  onStale: () => void;
}

const PING = JSON.stringify({ type: 'ping' });

export const useRealtimeStatus = create<{ state: RealtimeState }>(() => ({ state: initialRealtimeState }));

/**
 * One socket per signed-in session: GET /wsurl, connect, remember the last id, check the socket every
 * 2 s (000 §7) and reconnect with backoff and jitter, resuming from the last id seen.
 */
export class RealtimeClient {
  private state: RealtimeState = initialRealtimeState;
  private socket: WebSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private checkTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = true;

  constructor(private readonly callbacks: RealtimeCallbacks) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.dispatch({ type: 'reset' });
    this.checkTimer = setInterval(() => this.checkStatus(), UI_TIMINGS.realtimeStatusCheckMs);
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

  private dispatch(event: RealtimeEvent): void {
    const next = realtimeTransition(this.state, event);
    if (next === this.state) return;
    this.state = next;
    useRealtimeStatus.setState({ state: next });
  }

  private async connect(): Promise<void> {
    let url: string;
    try {
      url = (await call('socketUrl')).url;
    } catch (error) {
      // Signed out: the app shows sign-in and stops this client; anything else is retried.
      if (!isApiError(error, 401)) this.lose();
      return;
    }
    if (this.stopped) return;
    const socket = new WebSocket(socketUrl(url, this.state.lastId, this.state.channels));
    this.socket = socket;
    socket.onopen = () => this.opened(socket);
    socket.onmessage = (message) => this.received(message.data);
    socket.onclose = () => {
      if (this.socket === socket) this.lose();
    };
  }

  private opened(socket: WebSocket): void {
    if (this.socket !== socket) return;
    const resumed = this.state.everLive;
    this.dispatch({ type: 'opened' });
    if (resumed) {
      socket.send(PING);
      this.callbacks.onStale();
    }
  }

  private received(raw: unknown): void {
    let message: ServerSocketMessage;
    try {
      message = JSON.parse(String(raw)) as ServerSocketMessage;
    } catch {
      return;
    }
    if (message.type === 'pong') {
      this.dispatch({ type: 'caughtUp' });
      return;
    }
    if (message.type === 'RESYNC') {
      this.callbacks.onStale();
      return;
    }
    if (message.type === 'POSITIONS') {
      this.dispatch({ type: 'positions', channels: message.channels });
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

  /** The every-2-s check: a socket that closed without telling us (sleep, network change) is reopened. */
  private checkStatus(): void {
    const socket = this.socket;
    if (socket && socket.readyState >= WebSocket.CLOSING) this.lose();
  }
}
