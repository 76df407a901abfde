import { createHash } from 'node:crypto';
import type { ProfileStar } from '@orbit/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedForAny } from '../../db/prepared';
import { relaxedCommit } from '../../db/queries';
import { starSnapshots } from '../../db/schema';
import { blankStar } from './presenter';
import { STAR_PROVIDERS } from './providers';
import type { HomeRead } from './read';

export interface HomeStarSet {
  stars: ProfileStar[];
  last_stars: ProfileStar[];
  me_star_pulse: boolean;
}

const digestOf = (json: string) => createHash('sha1').update(json).digest('base64url');

/** A snapshot written before a field was added still answers every field the schema requires. */
const normalised = (stored: unknown[]): ProfileStar[] =>
  stored.map((star) => ({ ...blankStar({ star_id: '', star_type: 0, name: '' }), ...(star as ProfileStar) }));

/**
 * The set served, written on most homes of a busy member (what arrived moves their stars). Its commit does not
 * wait for the disk (relaxedCommit): a crash that lost it leaves the set served before, so the next home diffs
 * against an older set and may pulse again, which is all the snapshot is for.
 */
const writeSnapshot = preparedForAny('home_star_snapshot', (db) =>
  db
    .insert(starSnapshots)
    .select(
      () => sql`SELECT ${sql.placeholder('owner')}::int, ${sql.placeholder('stars')}::jsonb,
        ${sql.placeholder('digest')}::text, ${sql.placeholder('servedAt')}::timestamptz FROM ${relaxedCommit}`,
    )
    .onConflictDoUpdate({
      target: starSnapshots.ownerId,
      set: { stars: sql`excluded.stars`, digest: sql`excluded.digest`, servedAt: sql`excluded.served_at` },
    }),
);

/**
 * The home star set of docs/product/home-and-stars.md#profiles-response: every provider's stars, the set last served
 * (`last_stars`, for the client's docs/product/home-and-stars.md#star-refresh refresh diff) and whether something arrived since then
 * (`me_star_pulse`). The snapshot is rewritten only when the set changed or something new arrived.
 */
export async function homeStarSet(db: Db, home: HomeRead, now = new Date()): Promise<HomeStarSet> {
  const ctx = { db, owner: home.user, now };
  const provided = await Promise.all(
    STAR_PROVIDERS.map((provider, i) => provider.stars(ctx, home.providers[i])),
  );
  const { snapshot } = home;
  const set = provided.flatMap((p) => p.stars);
  const newest = Math.max(0, ...provided.map((p) => p.newestArrival?.getTime() ?? 0));
  const pulse = newest > (snapshot?.servedAt.getTime() ?? 0);
  // One text for the digest and the write: a raw placeholder is not mapped by the column as drizzle's values are.
  const stars = JSON.stringify(set);
  const digest = digestOf(stars);
  if (pulse || snapshot?.digest !== digest) {
    await writeSnapshot(db).execute({ owner: home.user.id, stars, digest, servedAt: now.toISOString() });
  }
  return { stars: set, last_stars: snapshot ? normalised(snapshot.stars) : [], me_star_pulse: pulse };
}
