import type { ProfileStar } from '@orbit/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { JsonRead } from '../../../db/json-rows';
import type { UserRow } from '../../faces';

export interface StarContext {
  /** The database itself, never a transaction: a provider's own further statements are prepared on it. */
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
 * The stars of one kind in a member's home set. What a provider reads is its part of the home's one
 * statement (decision 0066), so the home view's round trips do not grow with its kinds of star, and a
 * provider's rows, however many stars they make, cost no statement of their own.
 */
export interface StarProvider {
  /** Its read, a column of the home's statement; none for a star made of the member's row alone. */
  readonly read?: SQL;
  stars(ctx: StarContext, read: unknown): ProvidedStars | Promise<ProvidedStars>;
}

/** A provider that reads: its rows decoded from its column, then made into stars. */
export function readingStars<Row>(
  read: JsonRead<Row>,
  stars: (ctx: StarContext, rows: Row[]) => ProvidedStars | Promise<ProvidedStars>,
): StarProvider {
  return { read: read.sql, stars: (ctx, value) => stars(ctx, read.decode(value)) };
}
