import type { Frame } from './envelope';
import { BACKLOG_PAGE } from './history';

/**
 * Where a cursor's stream is read and its frames go: its socket's connection, one object for all of the
 * socket's cursors (a member may follow many channels, and each cursor costs only its position and held
 * frames). Live writes never wait; replayed writes wait for the buffer to drain.
 */
export interface CursorOwner {
  /** One page of the stream after `afterSeq`. */
  readAfter(cursor: StreamCursor, afterSeq: number): Promise<Frame[]>;
  /** False once the socket is gone (or was closed for being too slow). */
  writeLive(cursor: StreamCursor, frame: Frame): boolean;
  writeReplayed(cursor: StreamCursor, frame: Frame): Promise<boolean>;
  failed(err: unknown): void;
}

/**
 * One stream of one socket (the member's personal stream, or one community channel). It writes each
 * sequence once and in order: live frames that arrive while the backlog is read wait in `held`, and a frame
 * that skips a sequence (its predecessor's publish was lost or is still travelling from another instance)
 * makes it read the gap from the table first.
 */
export class StreamCursor {
  private lastSeq = 0;
  /** Non-null until started and while the backlog is read: live frames wait here instead of being written. */
  private held: Frame[] | null = [];
  /**
   * A channel its socket does not watch (decision 0084): live frames pass it by and it stays where it was,
   * so that once watched again it reads what passed from the table, in order, before going live.
   */
  private quiet = false;

  /** `channel`: the community channel this cursor follows, or null for the member's personal stream. */
  constructor(
    private readonly owner: CursorOwner,
    readonly channel: number | null,
  ) {}

  get position(): number {
    return this.lastSeq;
  }

  get isQuiet(): boolean {
    return this.quiet;
  }

  /** Starts the stream at `from`: a replay reads what was missed after it; a live start writes what was held. */
  async start(from: number, replay: boolean): Promise<void> {
    this.lastSeq = from;
    if (replay) await this.catchUp();
    else this.release(this.lastSeq);
  }

  /** A live frame from the bus. */
  deliver(frame: Frame): void {
    if (this.held) {
      this.held.push(frame);
      return;
    }
    if (this.quiet || frame.seq <= this.lastSeq) return;
    if (frame.seq === this.lastSeq + 1) {
      this.writeLive(frame);
      return;
    }
    this.held = [frame];
    void this.catchUp();
  }

  /** Not watched: live frames pass by from now on (a read under way still finishes). */
  mute(): void {
    this.quiet = true;
  }

  /** Watched again: what passed by while quiet is read from the table, then live frames are written. */
  unmute(): void {
    if (!this.quiet) return;
    this.quiet = false;
    this.resync();
  }

  /**
   * The bus may have dropped frames: read what came after lastSeq (a stream already reading sees them; a quiet
   * one reads them once watched).
   */
  resync(): void {
    if (this.held || this.quiet) return;
    this.held = [];
    void this.catchUp();
  }

  stop(): void {
    this.held = null;
  }

  /**
   * Reads the table after lastSeq, then releases the held frames. Every held frame had committed before this
   * read started, so a gap that remains below the highest of them is one the table no longer has (past
   * retention): it is written anyway rather than read again forever.
   */
  private async catchUp(): Promise<void> {
    const committedUpTo = Math.max(this.lastSeq, ...(this.held ?? []).map((f) => f.seq));
    try {
      for (;;) {
        const page = await this.owner.readAfter(this, this.lastSeq);
        for (const frame of page) {
          if (!(await this.writeReplayed(frame))) return;
        }
        if (page.length < BACKLOG_PAGE) break;
      }
    } catch (err) {
      this.owner.failed(err);
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

  private writeLive(frame: Frame): void {
    if (this.owner.writeLive(this, frame)) this.lastSeq = frame.seq;
  }

  private async writeReplayed(frame: Frame): Promise<boolean> {
    this.lastSeq = frame.seq;
    return this.owner.writeReplayed(this, frame);
  }
}
