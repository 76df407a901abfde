import type { ProfilesResponse } from '@orbit/contract';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import type { KeptReadCounts } from '../../platform/ops';
import { positionOfStreams, type StreamsAt, streamsPosition } from '../../platform/realtime/history';

/**
 * How long a computed home is served while no event reaches the member: what time alone changes (a star's
 * zone and size as interactions age, a tournament round) shows within this.
 */
export const HOME_CACHE_TTL_MS = 15_000;
/** Homes kept per instance, the least recently read going first: about 6 KB each at 50 stars. */
const HOME_CACHE_MEMBERS = 20_000;

interface Entry {
  streams: string[];
  position: string;
  /** The home as every read after the first serves it: one object, so its JSON can be kept with it. */
  again: ProfilesResponse;
}

/**
 * GET /user/profiles computed once per change (decision 0030). Everything a home shows changes with an event
 * to the member or to one of their communities' channels (a friend's new mood, an unfriending, a leave, a
 * message, an admin's new survey...), so a home is served again for as long as those streams stand where they
 * stood before it was computed. The check is one read of the streams' positions on the database, so every
 * instance sees a change committed by any other at once.
 */
export class HomeCache {
  private readonly entries = new LRUCache<number, Entry>({ max: HOME_CACHE_MEMBERS, ttl: HOME_CACHE_TTL_MS });

  readonly counts: KeptReadCounts = { hits: 0, misses: 0 };

  constructor(private readonly db: Db) {}

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
    if (cached && (await streamsPosition(this.db, cached.streams)) === cached.position) {
      this.counts.hits += 1;
      return cached.again;
    }
    this.counts.misses += 1;
    const { home, streams } = await compute();
    this.entries.set(userId, {
      streams: streams.map(([key]) => key),
      position: positionOfStreams(streams),
      again: servedAgain(home),
    });
    return home;
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
