import { LRUCache } from 'lru-cache';
import type { StreamsAt } from './history';
import type { StreamListener } from './stream-hearing';

/** Streams whose last heard position is kept: far more than the streams of what is kept. */
const HEARD_STREAMS = 200_000;

/** Not known to be current by hearing: a kept answer so marked is checked or computed again. */
export const UNHEARD = -1;

/** Where hearing stood when a read began. */
export interface HeardMark {
  hearing: number;
  forgotten: number;
}

/**
 * What kept answers need from the hub's hearing (decision 0076), for answers read from event streams at known
 * positions: each stream's last heard position, which kept answers read each stream and where, and the
 * hearing they are known current under. An event on a stream past where an answer read it calls `evict`.
 */
export class HeardStreams<K> implements StreamListener {
  /** Kept answers by each of their streams, with the position each read it at. */
  private readonly holders = new Map<string, Map<K, number>>();
  /** Each stream's last position heard, so that an answer read while its stream moved is not trusted. */
  private readonly lastHeard = new LRUCache<string, number>({
    max: HEARD_STREAMS,
    dispose: (_seq, _stream, reason) => {
      if (reason === 'evict') this.forgotten += 1;
    },
  });
  /** Positions dropped from lastHeard: a read that saw one go cannot tell what it missed. */
  private forgotten = 0;
  private hearingNow = 0;
  private heard = false;

  constructor(private readonly evict: (key: K) => void) {}

  /** Whether every instance's events are heard now. */
  get serving(): boolean {
    return this.heard;
  }

  /** Whether an answer known current under `heardIn` still is. */
  current(heardIn: number): boolean {
    return this.heard && heardIn === this.hearingNow;
  }

  mark(): HeardMark {
    return { hearing: this.hearingNow, forgotten: this.forgotten };
  }

  /**
   * The hearing under which streams read from a snapshot taken after `mark` are known current, or UNHEARD:
   * known when nothing was missed since the mark and no event past them has been heard (one committed later is
   * heard after this, and evicts).
   */
  heardIn(mark: HeardMark, streams: StreamsAt): number {
    if (!this.heard || mark.hearing !== this.hearingNow || mark.forgotten !== this.forgotten) return UNHEARD;
    const passed = streams.some(([key, seq]) => (this.lastHeard.peek(key) ?? 0) > seq);
    return passed ? UNHEARD : this.hearingNow;
  }

  hold(key: K, streams: StreamsAt): void {
    for (const [stream, seq] of streams) {
      let holders = this.holders.get(stream);
      if (!holders) {
        holders = new Map();
        this.holders.set(stream, holders);
      }
      holders.set(key, seq);
    }
  }

  release(key: K, streams: StreamsAt): void {
    for (const [stream] of streams) {
      const holders = this.holders.get(stream);
      if (!holders) continue;
      holders.delete(key);
      if (holders.size === 0) this.holders.delete(stream);
    }
  }

  moved(stream: string, seq: number): void {
    if ((this.lastHeard.peek(stream) ?? 0) < seq) this.lastHeard.set(stream, seq);
    const holders = this.holders.get(stream);
    if (!holders) return;
    for (const [key, read] of [...holders]) if (read < seq) this.evict(key);
  }

  hearing(heard: boolean): void {
    this.heard = heard;
    this.hearingNow += 1;
  }
}
