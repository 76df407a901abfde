import { createHash } from 'node:crypto';
import type { ProfileStar } from '@orbit/contract';
import type { Db } from '../../db/client';
import type { ServedStarSets } from '../../deps';
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
 * The home star set of docs/product/home-and-stars.md#profiles-response: every provider's stars, the set last served
 * (`last_stars`, for the client's docs/product/home-and-stars.md#star-refresh refresh diff) and whether something arrived since then
 * (`me_star_pulse`). The set served is kept (written behind the home, decision 0094) only when it changed or
 * something new arrived; the last one is the one this instance has not written yet, else the stored one.
 */
export async function homeStarSet(
  db: Db,
  served: ServedStarSets,
  home: HomeRead,
  now = new Date(),
): Promise<HomeStarSet> {
  const ctx = { db, owner: home.user, now };
  const provided = await Promise.all(
    STAR_PROVIDERS.map((provider, i) => provider.stars(ctx, home.providers[i])),
  );
  const last = served.unwritten(home.user.id) ?? stored(home.snapshot);
  const set = provided.flatMap((p) => p.stars);
  const newest = Math.max(0, ...provided.map((p) => p.newestArrival?.getTime() ?? 0));
  const pulse = newest > (last?.servedAt.getTime() ?? 0);
  // One text for the digest and the write, as it was digested.
  const json = JSON.stringify(set);
  const digest = digestOf(json);
  if (pulse || last?.digest !== digest)
    served.keep(home.user.id, { stars: set, json, digest, servedAt: now });
  return { stars: set, last_stars: last?.stars ?? [], me_star_pulse: pulse };
}

/** The snapshot as the home read it, in the shape of a set served. */
const stored = (snapshot: HomeRead['snapshot']) =>
  snapshot
    ? { stars: normalised(snapshot.stars), digest: snapshot.digest, servedAt: snapshot.servedAt }
    : undefined;
