import type { LeaderboardResponse } from '@orbit/contract';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { KeptLeaderboard, LeaderboardReads } from '../../deps';
import type { KeptReadCounts } from '../../platform/ops';
import { HeardReads, UNHEARD } from '../../platform/realtime/heard-reads';
import type { StreamsAt } from '../../platform/realtime/history';
import type { StreamListener } from '../../platform/realtime/stream-hearing';
import { FACES_CHANGED_CHANNEL } from '../faces';
import { ACTIVITY_CHANGED_CHANNEL } from './history-cache';
import { localDay, weekOf } from './period';

/** Callers whose global board is kept, the least recently read going first: some 5 KB each. */
const KEPT_CALLERS = 10_000;
/** What no event or notification announces (a friendship written by bulk SQL) shows within this. */
const KEPT_MS = 15_000;

interface Entry {
  answer: LeaderboardResponse;
  /** The caller's zone and the week the answer is of: a new week in that zone is a new board. */
  zone: string;
  from: string;
  /** The caller's personal stream where it stood: their friendships and blocks move it. */
  streams: StreamsAt;
  heardIn: number;
}

/**
 * The global leaderboard as each caller sees it, kept while nothing it shows can have changed (decision
 * 0077). It is heard, never checked: a kept answer is served with no statement while this instance hears
 *
 * - every session change and change of zone (`orbit_activity_changed`, decision 0075): any of them may move the
 *   ranking, so every kept board goes;
 * - every change of a face or of a wellbeing mode, and every member gone (`orbit_faces_changed`, migration
 *   0031): rare, so every kept board goes too;
 * - the caller's own events on the bus (their friendships and blocks, which change the faces they are shown
 *   and who is hidden), as the home hears them (decision 0076).
 *
 * Whenever one of these is not heard (PGlite, which notifies no other process; the listening connection or
 * the bus lost; a notification or an event of the caller while the answer was read) the board is read as
 * before, and not kept.
 */
export class LeaderboardCache implements LeaderboardReads, StreamListener {
  private readonly kept = new LRUCache<number, Entry>({
    max: KEPT_CALLERS,
    ttl: KEPT_MS,
    dispose: (entry, callerId) => this.heard.release(callerId, entry.streams),
  });
  private readonly heard = new HeardReads<number>({
    name: 'kept leaderboards',
    channels: [ACTIVITY_CHANGED_CHANNEL, FACES_CHANGED_CHANNEL],
    evict: (callerId) => this.kept.delete(callerId),
    forgot: () => this.kept.clear(),
  });
  readonly counts: KeptReadCounts = { hits: 0, misses: 0 };

  get serving(): boolean {
    return this.heard.serving;
  }

  async read(
    callerId: number,
    now: Date,
    compute: () => Promise<KeptLeaderboard>,
  ): Promise<LeaderboardResponse> {
    const entry = this.kept.get(callerId);
    if (entry && this.heard.current(entry.heardIn) && thisWeek(entry, now)) {
      this.counts.hits += 1;
      return entry.answer;
    }
    this.counts.misses += 1;
    const mark = this.heard.mark();
    const fresh = await compute();
    const heardIn = this.heard.heardIn(mark, fresh.streams);
    if (heardIn !== UNHEARD) {
      const kept: Entry = { ...fresh, heardIn };
      this.kept.set(callerId, kept);
      if (this.kept.peek(callerId) === kept) this.heard.hold(callerId, fresh.streams);
    }
    return fresh.answer;
  }

  /** A session or zone written through this instance has committed: every kept board goes now. */
  forget(): void {
    this.heard.forget();
  }

  moved(stream: string, seq: number): void {
    this.heard.moved(stream, seq);
  }

  hearing(heard: boolean): void {
    this.heard.hearing(heard);
  }

  /** Hears both channels (PostgreSQL only); answers the function that stops listening. */
  listen(database: Database, log: Logger): () => Promise<void> {
    return this.heard.listen(database, log);
  }
}

const thisWeek = (entry: Entry, now: Date) => weekOf(localDay(now, entry.zone)).from === entry.from;
