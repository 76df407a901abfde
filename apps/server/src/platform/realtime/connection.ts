import { WS_CLOSE } from '@orbit/contract';
import { WebSocket } from 'ws';
import type { Frame } from './envelope';
import { BACKLOG_PAGE, type ResumePlan } from './history';

const TEXT = { binary: false } as const;
const RESYNC = Buffer.from('{"type":"RESYNC"}');
const PONG = Buffer.from('{"type":"pong"}');
/** During a replay the server waits for a full buffer to drain; a client that takes longer is let go. */
const REPLAY_STALL_MS = 10_000;

export interface ConnectionOptions {
  maxBufferedBytes: number;
  /** One page of the member's events after a sequence, in order (history.ts). */
  framesAfter(userId: number, afterSeq: number): Promise<Frame[]>;
  onFailure(err: unknown): void;
}

/**
 * One socket of one member. It writes each sequence once and in order: live frames that arrive while the
 * backlog is being read wait in `held`, and a frame that skips a sequence (its predecessor's publish was lost
 * or is still travelling from another instance) makes it read the gap from the events table first.
 */
export class Connection {
  private lastSeq = 0;
  /** Non-null while the backlog is being read: live frames wait here instead of being written. */
  private held: Frame[] | null = [];
  /** Work deferred until the socket has caught up (a ping's pong); null once it has. */
  private untilOpen: (() => void)[] | null = [];

  constructor(
    readonly userId: number,
    private readonly socket: WebSocket,
    private readonly options: ConnectionOptions,
  ) {}

  /** Starts the socket from its resume plan: replays what it missed, then writes what was held meanwhile. */
  async open(plan: ResumePlan): Promise<void> {
    this.lastSeq = plan.from;
    if (plan.kind === 'resync') this.socket.send(RESYNC, TEXT);
    // Only a replay needs the table: anything after a live start was published after this socket registered.
    if (plan.kind === 'replay') await this.catchUp();
    else this.release(this.lastSeq);
    const deferred = this.untilOpen ?? [];
    this.untilOpen = null;
    for (const run of deferred) run();
  }

  /** A live frame from the bus. */
  deliver(frame: Frame): void {
    if (this.held) {
      this.held.push(frame);
      return;
    }
    if (frame.seq <= this.lastSeq) return;
    if (frame.seq === this.lastSeq + 1) {
      this.writeLive(frame);
      return;
    }
    this.held = [frame];
    void this.catchUp();
  }

  /**
   * The bus may have dropped frames (its connection was lost and is back): read what came after lastSeq from
   * the events table. A socket already reading (or not yet open) will see them anyway.
   */
  resync(): void {
    if (this.held) return;
    this.held = [];
    void this.catchUp();
  }

  /** A message from the client: only `{"type":"ping"}` means something. */
  receive(raw: unknown): void {
    if (!isPing(raw)) return;
    const pong = () => {
      if (this.socket.readyState === WebSocket.OPEN) this.socket.send(PONG, TEXT);
    };
    if (this.untilOpen) this.untilOpen.push(pong);
    else pong();
  }

  close(code: number, reason: string): void {
    this.held = null;
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(code, reason);
    }
  }

  /**
   * Reads the events table after lastSeq, then releases the held frames. Every held frame had committed
   * before this read started, so a gap that remains below the highest of them is one the table no longer
   * has (past retention): it is written anyway rather than read again forever.
   */
  private async catchUp(): Promise<void> {
    const committedUpTo = Math.max(this.lastSeq, ...(this.held ?? []).map((f) => f.seq));
    try {
      for (;;) {
        const page = await this.options.framesAfter(this.userId, this.lastSeq);
        for (const frame of page) {
          if (!(await this.writeReplayed(frame))) return;
        }
        if (page.length < BACKLOG_PAGE) break;
      }
    } catch (err) {
      this.options.onFailure(err);
      this.close(WS_CLOSE.internal, 'backlog unavailable');
      return;
    }
    this.release(committedUpTo);
  }

  private release(committedUpTo: number): void {
    const held = (this.held ?? []).sort((a, b) => a.seq - b.seq);
    this.held = null;
    for (let i = 0; i < held.length; i += 1) {
      const frame = held[i];
      if (frame.seq <= this.lastSeq) continue;
      if (frame.seq === this.lastSeq + 1 || frame.seq <= committedUpTo) {
        this.writeLive(frame);
        continue;
      }
      this.held = held.slice(i);
      void this.catchUp();
      return;
    }
  }

  /** Live path: a socket whose buffer is over the cap is closed (it resumes with since), never grown. */
  private writeLive(frame: Frame): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.close(WS_CLOSE.tooSlow, 'too slow');
      return;
    }
    this.socket.send(frame.bytes, TEXT);
    this.lastSeq = frame.seq;
  }

  /** Replay path: the server itself is the fast writer here, so it waits for the buffer to drain. */
  private writeReplayed(frame: Frame): Promise<boolean> {
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.resolve(false);
    this.lastSeq = frame.seq;
    if (this.socket.bufferedAmount + frame.bytes.length <= this.options.maxBufferedBytes) {
      this.socket.send(frame.bytes, TEXT);
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const stall = setTimeout(() => {
        this.close(WS_CLOSE.tooSlow, 'too slow');
        resolve(false);
      }, REPLAY_STALL_MS);
      this.socket.send(frame.bytes, TEXT, (err) => {
        clearTimeout(stall);
        resolve(!err);
      });
    });
  }
}

function isPing(raw: unknown): boolean {
  if (!(raw instanceof Buffer) || raw.length > 64) return false;
  try {
    const message: unknown = JSON.parse(raw.toString('utf8'));
    return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'ping';
  } catch {
    return false;
  }
}
