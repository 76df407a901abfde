import type { ProfilesResponse } from '@orbit/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import type { HomeReads } from '../../deps';
import type { KeptReadCounts } from '../../platform/ops';
import { HeardStreams } from '../../platform/realtime/heard-streams';
import { positionOfStreams, type StreamsAt, streamsPosition } from '../../platform/realtime/history';
import type { StreamListener } from '../../platform/realtime/stream-hearing';
import { ServedSets } from './served-sets';

/**
 * How long a computed home is served while no event reaches the member: what time alone changes (a star's
 * zone and size as interactions age, a tournament round) shows within this.
 */
export const HOME_CACHE_TTL_MS = 15_000;
/** Homes kept per instance, the least recently read going first: about 6 KB each at 50 stars. */
const HOME_CACHE_MEMBERS = 20_000;

interface Entry {
  /** The member's streams and where each stood when the home was read. */
  streams: StreamsAt;
  position: string;
  /** The home as every read after the first serves it: one object, so its JSON can be kept with it. */
  again: ProfilesResponse;
  /** The hearing this home is known current under (every later event on its streams evicts it), or UNHEARD. */
  heardIn: number;
}

/**
 * GET /user/profiles computed once per change (decisions 0030 and 0076). Everything a home shows changes with
 * an event to the member or to one of their communities' channels (a friend's new mood, an unfriending, a
 * leave, a message, an admin's new survey...), so a home is current for as long as those streams stand where
 * they stood when it was read.
 *
 * - **Heard**: while the bus brings this instance every instance's events, a home read when none of its
 *   streams had moved past what it read is served with no statement at all; the event that moves one of its
 *   streams evicts it (this instance's own commits at once, before the writer's answer).
 * - **Checked**: otherwise (the bus lost, or an event heard while the home was read), the next read compares
 *   the streams' positions on the database, one statement, so a change committed by any instance shows.
 */
export class HomeCache implements HomeReads, StreamListener {
  private readonly entries = new LRUCache<number, Entry>({
    max: HOME_CACHE_MEMBERS,
    ttl: HOME_CACHE_TTL_MS,
    dispose: (entry, userId) => this.heard.release(userId, entry.streams),
  });
  private readonly heard = new HeardStreams<number>((userId) => this.entries.delete(userId));

  readonly counts: KeptReadCounts = { hits: 0, misses: 0 };
  readonly served: ServedSets;

  constructor(
    private readonly db: Db,
    onFailure: (err: unknown) => void,
  ) {
    this.served = new ServedSets(db, onFailure);
  }

  /** Writes the sets still waiting (the instance stops). */
  close(): Promise<void> {
    return this.served.flush();
  }

  /** Whether kept homes are served with no statement (orbit_kept_reads_heard). */
  get serving(): boolean {
    return this.heard.serving;
  }

  /**
   * `compute` answers the home with where the member's streams stood when it was read, in the same snapshot
   * (decision 0066): a change committed meanwhile moves the streams past it, and the next read computes again
   * rather than keeping a home that missed it.
   */
  async read(
    userId: number,
    compute: () => Promise<{ home: ProfilesResponse; streams: StreamsAt }>,
  ): Promise<ProfilesResponse> {
    const cached = this.entries.get(userId);
    if (cached && this.heard.current(cached.heardIn)) {
      this.counts.hits += 1;
      return cached.again;
    }
    const mark = this.heard.mark();
    if (cached && (await this.stillCurrent(cached))) {
      this.counts.hits += 1;
      cached.heardIn = this.heard.heardIn(mark, cached.streams);
      return cached.again;
    }
    this.counts.misses += 1;
    const { home, streams } = await compute();
    const entry: Entry = {
      streams,
      position: positionOfStreams(streams),
      again: servedAgain(home),
      heardIn: this.heard.heardIn(mark, streams),
    };
    this.entries.set(userId, entry);
    if (this.entries.peek(userId) === entry) this.heard.hold(userId, streams);
    return home;
  }

  moved(stream: string, seq: number): void {
    this.heard.moved(stream, seq);
  }

  hearing(heard: boolean): void {
    this.heard.hearing(heard);
  }

  private async stillCurrent(cached: Entry): Promise<boolean> {
    const keys = cached.streams.map(([key]) => key);
    return (await streamsPosition(this.db, keys)) === cached.position;
  }
}

/**
 * The same home read again: the snapshot the first read wrote holds this set, and nothing arrived since
 * (an arrival is an event), so it is its own last set and the ME star does not pulse.
 */
const servedAgain = (home: ProfilesResponse): ProfilesResponse => ({
  ...home,
  last_stars: home.stars,
  me_star_pulse: false,
});
