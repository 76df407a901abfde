import { EventType } from '@orbit/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { writtenPerRowCount } from '../../db/prepared';
import { stars } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { notFound } from '../../platform/errors';
import { inTransaction, Work } from '../../platform/tx';
import { HALF_LIFE_SECONDS } from './formula';
import type { StarTarget } from './targets';

export { StarTarget } from './targets';

const queryableOf = (target: Work | Queryable): Queryable => (target instanceof Work ? target.tx : target);

/** A member's interaction with a thing that orbits them. */
export interface Interaction {
  ownerId: number;
  targetKind: StarTarget;
  targetId: number;
}

/**
 * One interaction of `ownerId` with a thing orbiting them (a request sent or accepted now; a message, post,
 * visit or call later): the star's row is created if needed, its decayed score gains 1 and its date moves to
 * now, all in the caller's transaction.
 */
export function recordInteraction(
  target: Work | Queryable,
  ownerId: number,
  targetKind: StarTarget,
  targetId: number,
  now = new Date(),
): Promise<void> {
  return recordInteractions(target, [{ ownerId, targetKind, targetId }], now);
}

/**
 * Each interaction a unit of work makes (a message's two stars, a post's one), its rows upserted in one
 * statement, sent with the unit of work's next one (decision 0088): nothing reads what it answers.
 */
const upsertInteractions = writtenPerRowCount(
  'star_interactions',
  ['ownerId', 'targetKind', 'targetId', 'interactionDate'],
  4,
  (db, rows: (Interaction & { interactionDate: Date })[]) => {
    // float8: extract answers numeric, whose power() is about twenty times dearer than a double's.
    const elapsed = sql`greatest(0, extract(epoch from (excluded.interaction_date - ${stars.interactionDate}))::float8)`;
    return db
      .insert(stars)
      .values(rows.map((row) => ({ ...row, interactionScore: 1 })))
      .onConflictDoUpdate({
        target: [stars.ownerId, stars.targetKind, stars.targetId],
        set: {
          interactionScore: sql`${stars.interactionScore} * power(0.5, ${elapsed} / ${HALF_LIFE_SECONDS}) + 1`,
          interactionDate: sql`greatest(excluded.interaction_date, ${stars.interactionDate})`,
        },
      });
  },
);

/**
 * Several interactions in one statement (both members of a message's thread). The rows are written in one
 * order whoever writes them, so two members writing to each other at once wait rather than deadlock.
 */
export async function recordInteractions(
  target: Work | Queryable,
  interactions: Interaction[],
  now = new Date(),
): Promise<void> {
  if (interactions.length === 0) return;
  const rows = [...interactions]
    .sort(
      (a, b) => a.ownerId - b.ownerId || a.targetKind.localeCompare(b.targetKind) || a.targetId - b.targetId,
    )
    .map((row) => ({ ...row, interactionDate: now }));
  await upsertInteractions(queryableOf(target), rows);
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

/** POST /stars/{id}/pin and /unpin: only the member's own stars (404 otherwise, docs/product/README.md#errors). */
export async function setPinned(deps: AppDeps, ownerId: number, starId: number, pinned: boolean) {
  return inTransaction(unitOfWork(deps), async (work) => {
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
