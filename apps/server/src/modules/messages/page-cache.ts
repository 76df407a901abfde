import type { PmListResponse } from '@orbit/contract';
import type { KeptThreadPage, ThreadPageReads } from '../../deps';
import { KeptAnswers } from '../../platform/realtime/kept-answers';
import { FACES_CHANGED_CHANNEL } from '../faces';

/** Readers' threads whose newest page is kept, the least recently read going first. */
const KEPT_PAGES = 20_000;
/** What no event or notification announces (a friendship written by bulk SQL) shows within this. */
const KEPT_MS = 15_000;

/**
 * A thread's newest page as each participant reads it, kept while nothing it shows can have changed
 * (decision 0079), and served again with no statement while this instance hears:
 *
 * - the reader's personal stream on the bus: every message of the thread sent, edited or deleted, the reader's
 *   own reading (their last read message) and their friendships (whose persona they see) are events on it;
 * - `orbit_faces_changed` (migration 0031): the participants' names and pictures, and a participant gone.
 *
 * A page read while either is not heard (a channel or the bus lost, an event during the read, the read
 * that marked the thread read) is answered and not kept.
 */
export class ThreadPageCache extends KeptAnswers<string, KeptThreadPage> implements ThreadPageReads {
  constructor() {
    super({ name: 'kept thread pages', channels: [FACES_CHANGED_CHANNEL], max: KEPT_PAGES, keptMs: KEPT_MS });
  }

  async read(
    viewerId: number,
    groupId: number,
    compute: () => Promise<KeptThreadPage>,
  ): Promise<PmListResponse> {
    return (await this.answer(`${viewerId}:${groupId}`, compute)).answer;
  }
}
