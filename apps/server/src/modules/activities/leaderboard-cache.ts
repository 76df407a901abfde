import type { LeaderboardResponse } from '@orbit/contract';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { KeptLeaderboard, LeaderboardReads } from '../../deps';
import type { KeptReadCounts } from '../../platform/ops';
import { HeardStreams, UNHEARD } from '../../platform/realtime/heard-streams';
import type { StreamsAt } from '../../platform/realtime/history';
import type { StreamListener } from '../../platform/realtime/stream-hearing';
import { ACTIVITY_CHANGED_CHANNEL } from './history-cache';
import { localDay, weekOf } from './period';

/** The channel migration 0031's triggers notify when a member's face or wellbeing mode changes, or they go. */
export const FACES_CHANGED_CHANNEL = 'orbit_faces_changed';
const CHANNELS = [ACTIVITY_CHANGED_CHANNEL, FACES_CHANGED_CHANNEL];

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
  private readonly heard = new HeardStreams<number>((callerId) => this.kept.delete(callerId));
  private readonly listening = new Set<string>();
  /** Moves on at every notification and change of listening: a read that saw it move is not kept. */
  private revision = 0;
  private log: Logger | undefined;
  private said = false;
  readonly counts: KeptReadCounts = { hits: 0, misses: 0 };

  get serving(): boolean {
    return this.listening.size === CHANNELS.length && this.heard.serving;
  }

  async read(
    callerId: number,
    now: Date,
    compute: () => Promise<KeptLeaderboard>,
  ): Promise<LeaderboardResponse> {
    const entry = this.kept.get(callerId);
    if (entry && this.serving && this.heard.current(entry.heardIn) && thisWeek(entry, now)) {
      this.counts.hits += 1;
      return entry.answer;
    }
    this.counts.misses += 1;
    const [mark, revision] = [this.heard.mark(), this.revision];
    const fresh = await compute();
    const heardIn = this.heard.heardIn(mark, fresh.streams);
    if (heardIn !== UNHEARD && this.serving && revision === this.revision) {
      const kept: Entry = { ...fresh, heardIn };
      this.kept.set(callerId, kept);
      if (this.kept.peek(callerId) === kept) this.heard.hold(callerId, fresh.streams);
    }
    return fresh.answer;
  }

  /** A session or zone written through this instance has committed: every kept board goes now. */
  forget(): void {
    this.revision += 1;
    this.kept.clear();
  }

  moved(stream: string, seq: number): void {
    this.heard.moved(stream, seq);
  }

  hearing(heard: boolean): void {
    this.heard.hearing(heard);
    this.forget();
    this.sayWhetherServing();
  }

  /** One line when kept boards start serving (every channel and the bus heard), and one when they stop. */
  private sayWhetherServing(): void {
    if (!this.log || this.serving === this.said) return;
    this.said = this.serving;
    if (this.said) this.log.info('hearing sessions, faces and the bus: kept leaderboards serve');
    // Info: what stopped them (a channel lost, Redis away) is warned of once where it is watched.
    else this.log.info('kept leaderboards no longer serve: every board is read');
  }

  /** Hears both channels (PostgreSQL only); answers the function that stops listening. */
  listen(database: Database, log: Logger): () => Promise<void> {
    const listen = database.listen;
    if (!listen) return async () => {};
    this.log = log;
    const stops = CHANNELS.map((channel) =>
      listen(channel, {
        message: () => this.forget(),
        up: () => {
          this.listening.add(channel);
          this.forget();
          this.sayWhetherServing();
        },
        down: (err) => {
          if (this.listening.delete(channel))
            log.warn({ err, channel }, 'a channel of kept leaderboards is lost');
          this.forget();
          this.sayWhetherServing();
        },
      }),
    );
    return async () => {
      await Promise.all(stops.map((stop) => stop()));
    };
  }
}

const thisWeek = (entry: Entry, now: Date) => weekOf(localDay(now, entry.zone)).from === entry.from;
