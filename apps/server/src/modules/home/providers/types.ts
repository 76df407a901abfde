import type { ProfileStar } from '@orbit/contract';
import type { Db } from '../../../db/client';
import type { UserRow } from '../../faces';

export interface StarContext {
  /** The database itself, never a transaction: the providers' statements are prepared on it. */
  db: Db;
  owner: UserRow;
  now: Date;
}

export interface ProvidedStars {
  stars: ProfileStar[];
  /** When the newest thing that should pulse the ME star arrived (an incoming request...), if any. */
  newestArrival?: Date | null;
}

/**
 * The stars of one kind in a member's home set. Each provider answers with a fixed number of queries,
 * however many stars it yields, so the home view's cost does not grow with the member's graph.
 */
export type StarProvider = (ctx: StarContext) => Promise<ProvidedStars>;
