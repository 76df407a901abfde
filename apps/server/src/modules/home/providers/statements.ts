import { sql } from 'drizzle-orm';
import type { StarContext } from './types';

/**
 * The values a provider's prepared statement binds (decision 0029: the home is the mix's most frequent read,
 * and drizzle otherwise builds each of its queries' text on every read): the owner's id and the moment of
 * the read, as ISO text for PostgreSQL to take as the compared column's type.
 */
export const OWNER = sql.placeholder('owner');
export const NOW = sql.placeholder('now');

export const ownerAndNow = ({ owner, now }: Pick<StarContext, 'owner' | 'now'>) => ({
  owner: owner.id,
  now: now.toISOString(),
});
