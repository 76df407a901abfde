import { createHash } from 'node:crypto';
import { EventType, type ProfileStar } from '@orbit/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { starSnapshots, stars } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../platform/errors';
import { inTransaction, Work } from '../../platform/tx';
import type { UserRow } from '../users/service';
import { HALF_LIFE_SECONDS } from './formula';
import { blankStar } from './presenter';
import { STAR_PROVIDERS } from './providers';
import type { StarTarget } from './targets';

export { StarTarget } from './targets';

export interface HomeStarSet {
  stars: ProfileStar[];
  last_stars: ProfileStar[];
  me_star_pulse: boolean;
}

const queryableOf = (target: Work | Queryable): Queryable => (target instanceof Work ? target.tx : target);

/**
 * One interaction of `ownerId` with a thing orbiting them (a request sent or accepted now; a message, post,
 * visit or call later): the star's row is created if needed, its decayed score gains 1 and its date moves to
 * now, all in the caller's transaction.
 */
export async function recordInteraction(
  target: Work | Queryable,
  ownerId: number,
  targetKind: StarTarget,
  targetId: number,
  now = new Date(),
): Promise<void> {
  const elapsed = sql`greatest(0, extract(epoch from (excluded.interaction_date - ${stars.interactionDate})))`;
  await queryableOf(target)
    .insert(stars)
    .values({ ownerId, targetKind, targetId, interactionScore: 1, interactionDate: now })
    .onConflictDoUpdate({
      target: [stars.ownerId, stars.targetKind, stars.targetId],
      set: {
        interactionScore: sql`${stars.interactionScore} * power(0.5, ${elapsed} / ${HALF_LIFE_SECONDS}) + 1`,
        interactionDate: sql`greatest(excluded.interaction_date, ${stars.interactionDate})`,
      },
    });
}

/** The thing no longer orbits the member (unfriended, request withdrawn): its star row and pin go. */
export async function forgetStar(
  target: Work | Queryable,
  ownerId: number,
  targetKind: StarTarget,
  targetId: number,
): Promise<void> {
  await queryableOf(target)
    .delete(stars)
    .where(and(eq(stars.ownerId, ownerId), eq(stars.targetKind, targetKind), eq(stars.targetId, targetId)));
}

const digestOf = (set: ProfileStar[]) => createHash('sha1').update(JSON.stringify(set)).digest('base64url');

/** A snapshot written before a field was added still answers every field the schema requires. */
const normalised = (stored: unknown[]): ProfileStar[] =>
  stored.map((star) => ({ ...blankStar({ star_id: '', star_type: 0, name: '' }), ...(star as ProfileStar) }));

/**
 * The home star set of 000 §3.1 (ARCHITECTURE §4): every provider's stars, the set last served
 * (`last_stars`, for the client's §4.2 refresh diff) and whether something arrived since then
 * (`me_star_pulse`). The snapshot is rewritten only when the set changed or something new arrived.
 */
export async function homeStarSet(db: Queryable, owner: UserRow, now = new Date()): Promise<HomeStarSet> {
  const ctx = { db, owner, now };
  const [provided, [snapshot]] = await Promise.all([
    Promise.all(STAR_PROVIDERS.map((provide) => provide(ctx))),
    db.select().from(starSnapshots).where(eq(starSnapshots.ownerId, owner.id)),
  ]);
  const set = provided.flatMap((p) => p.stars);
  const newest = Math.max(0, ...provided.map((p) => p.newestArrival?.getTime() ?? 0));
  const pulse = newest > (snapshot?.servedAt.getTime() ?? 0);
  const digest = digestOf(set);
  if (pulse || snapshot?.digest !== digest) {
    await db
      .insert(starSnapshots)
      .values({ ownerId: owner.id, stars: set, digest, servedAt: now })
      .onConflictDoUpdate({ target: starSnapshots.ownerId, set: { stars: set, digest, servedAt: now } });
  }
  return { stars: set, last_stars: snapshot ? normalised(snapshot.stars) : [], me_star_pulse: pulse };
}

/** POST /stars/{id}/pin and /unpin: only the member's own stars (404 otherwise, ARCHITECTURE §5a). */
export async function setPinned(deps: AppDeps, ownerId: number, starId: number, pinned: boolean) {
  return inTransaction({ db: deps.db, publisher: deps.realtime }, async (work) => {
    const [row] = await work.tx
      .update(stars)
      .set({ pinned })
      .where(and(eq(stars.id, starId), eq(stars.ownerId, ownerId)))
      .returning({ id: stars.id });
    if (!row) throw notFound('No such star');
    await work.emit([ownerId], EventType.USER_PROFILES, null, { user_id: ownerId });
    return { star_id: String(row.id), pinned };
  });
}
