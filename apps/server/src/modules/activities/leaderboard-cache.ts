import type { LeaderboardResponse } from '@orbit/contract';
import type { KeptLeaderboard, LeaderboardReads } from '../../deps';
import { KeptAnswers } from '../../platform/realtime/kept-answers';
import type { StreamListener } from '../../platform/realtime/stream-hearing';
import { FACES_CHANGED_CHANNEL } from '../faces';
import { ACTIVITY_CHANGED_CHANNEL } from './history-cache';
import { localDay, weekOf } from './period';

/** Callers whose global board is kept, the least recently read going first: some 5 KB each. */
const KEPT_CALLERS = 10_000;
/** What no event or notification announces (a friendship written by bulk SQL) shows within this. */
const KEPT_MS = 15_000;

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
 * Whenever one of these is not heard (the listening connection or
 * the bus lost; a notification or an event of the caller while the answer was read) the board is read as
 * before, and not kept.
 */
export class LeaderboardCache
  extends KeptAnswers<number, KeptLeaderboard>
  implements LeaderboardReads, StreamListener
{
  constructor() {
    super({
      name: 'kept leaderboards',
      channels: [ACTIVITY_CHANGED_CHANNEL, FACES_CHANGED_CHANNEL],
      max: KEPT_CALLERS,
      keptMs: KEPT_MS,
    });
  }

  async read(
    callerId: number,
    now: Date,
    compute: () => Promise<KeptLeaderboard>,
  ): Promise<LeaderboardResponse> {
    return (await this.answer(callerId, compute, (kept) => thisWeek(kept, now))).answer;
  }
}

const thisWeek = (kept: KeptLeaderboard, now: Date) => weekOf(localDay(now, kept.zone)).from === kept.from;
