import { LRUCache } from 'lru-cache';
import type { KeptReadCounts } from '../ops';
import { HeardReader, HeardReads, UNHEARD } from './heard-reads';
import type { StreamsAt } from './history';

/** An answer as computed, with the streams it was read from where they stood in the same snapshot. */
export interface HeardAnswer {
  streams: StreamsAt;
}

export interface KeptAnswersOptions {
  /** What is kept, as the log lines name it ("kept leaderboards"). */
  name: string;
  /** The database channels whose notifications announce what no event does: any makes every answer unknown. */
  channels: string[];
  /** Answers kept, the least recently read going first. */
  max: number;
  /** What no event or notification announces (bulk SQL) shows within this. */
  keptMs: number;
}

type Entry<A> = A & { heardIn: number };

/**
 * Answers kept per key while nothing they show is heard to change (decisions 0077 and 0079): each is read with
 * where its streams stood, and served again with no statement while this instance hears every event on those
 * streams (HeardReads) and every notification on `channels`. An answer read while any of this is not heard
 * (a channel or the bus lost, an event or notification during the read) is answered and not kept.
 */
export class KeptAnswers<K, A extends HeardAnswer> extends HeardReader<K> {
  private readonly kept: LRUCache<K & {}, Entry<A>>;
  protected readonly heard: HeardReads<K>;
  readonly counts: KeptReadCounts = { hits: 0, misses: 0 };

  constructor(options: KeptAnswersOptions) {
    super();
    this.kept = new LRUCache<K & {}, Entry<A>>({
      max: options.max,
      ttl: options.keptMs,
      dispose: (entry, key) => this.heard.release(key, entry.streams),
    });
    this.heard = new HeardReads<K>({
      name: options.name,
      channels: options.channels,
      evict: (key) => this.kept.delete(key as K & {}),
      forgot: () => this.kept.clear(),
    });
  }

  /** The answer kept for `key` while heard and `stillTrue` of it, else computed (and kept when heard). */
  protected async answer(
    key: K & {},
    compute: () => Promise<A>,
    stillTrue: (answer: A) => boolean = () => true,
  ): Promise<A> {
    const entry = this.kept.get(key);
    if (entry && this.heard.current(entry.heardIn) && stillTrue(entry)) {
      this.counts.hits += 1;
      return entry;
    }
    this.counts.misses += 1;
    const mark = this.heard.mark();
    const fresh = await compute();
    const heardIn = this.heard.heardIn(mark, fresh.streams);
    if (heardIn !== UNHEARD) {
      const kept: Entry<A> = { ...fresh, heardIn };
      this.kept.set(key, kept);
      if (this.kept.peek(key) === kept) this.heard.hold(key, fresh.streams);
    }
    return fresh;
  }

  /** A change written through this instance has committed: every kept answer goes now. */
  forget(): void {
    this.heard.forget();
  }
}
