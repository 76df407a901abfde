import {
  PUSH_LIMITS,
  PUSH_PREFERENCE_DEFAULTS,
  type PushPreferences,
  type PushPreferencesBody,
  type PushSubscriptionBody,
} from '@orbit/contract';
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pushFanouts, pushOutbox, pushPreferences, pushSubscriptions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../../platform/auth/sessions';
import { notFound } from '../../platform/errors';
import type { Work } from '../../platform/tx';
import type { PushEndpoints } from './endpoint';
import { vapidKeysOf } from './keys';
import { type PushCause, presentSubscription } from './presenter';
import { insertPushes, type PushTo, preferenceColumns } from './queue';
import { wakePushWorkers } from './worker';

type Me = Pick<AuthContext, 'userId' | 'sessionId'>;

/** GET /push/key. */
export async function pushKey(deps: AppDeps) {
  const keys = await vapidKeysOf(deps.db, deps.config);
  return { public_key: keys.publicKey };
}

/**
 * POST /push/subscriptions: the subscription of this sign-in session (the device). The same endpoint again is
 * the same subscription with the keys it gives now (200); one another member made is theirs no more (the
 * browser is this member's now). Beyond PUSH_LIMITS.subscriptions the member's oldest ends.
 */
export async function subscribe(
  deps: AppDeps,
  endpoints: PushEndpoints,
  me: Me,
  body: PushSubscriptionBody,
  userAgent: string | undefined,
) {
  const checked = await endpoints.check(body);
  return deps.db.transaction(async (tx) => {
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, checked.endpoint), ne(pushSubscriptions.userId, me.userId)));
    const fields = {
      sessionId: me.sessionId,
      p256dh: checked.p256dh,
      auth: checked.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
    };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId: me.userId, endpoint: checked.endpoint, ...fields })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fields })
      // xmax is 0 only for a row this statement inserted.
      .returning({ id: pushSubscriptions.id, created: sql<boolean>`(xmax = 0)` });
    await keepNewest(tx, me.userId);
    return { status: row.created ? (201 as const) : (200 as const), body: { subscription_id: row.id } };
  });
}

async function keepNewest(db: Queryable, userId: number) {
  const kept = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.id))
    .limit(PUSH_LIMITS.subscriptions);
  await db.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.userId, userId),
      notInArray(
        pushSubscriptions.id,
        kept.map((row) => row.id),
      ),
    ),
  );
}

/** GET /push/subscriptions: the member's devices that receive pushes, newest first, never their keys. */
export async function subscriptionsOf(deps: AppDeps, me: Me) {
  const rows = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, me.userId))
    .orderBy(desc(pushSubscriptions.id));
  return { subscriptions: rows.map((row) => presentSubscription(row, me.sessionId)) };
}

/** DELETE /push/subscriptions/{id}: another member's is a 404. */
export async function unsubscribe(deps: AppDeps, me: Me, subscriptionId: number) {
  const gone = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.userId, me.userId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound('No such subscription');
  return { ok: true };
}

/** GET /push/preferences: the defaults until the member changes one. */
export async function preferencesOf(db: Queryable, userId: number): Promise<PushPreferences> {
  const [row] = await db
    .select(preferenceColumns)
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, userId));
  return row ?? { ...PUSH_PREFERENCE_DEFAULTS };
}

/** PUT /push/preferences: changes those named, answers them all. */
export async function updatePreferences(deps: AppDeps, userId: number, body: PushPreferencesBody) {
  const changed = { ...(await preferencesOf(deps.db, userId)), ...body };
  const row = {
    messages: changed.messages,
    mentions: changed.mentions,
    friendRequests: changed.friend_requests,
    moments: changed.moments,
    calls: changed.calls,
    community: changed.community,
    reminders: changed.reminders,
    previews: changed.previews,
  };
  await deps.db
    .insert(pushPreferences)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: row });
  return preferencesOf(deps.db, userId);
}

/**
 * Queues pushes in the caller's transaction (the outbox) under the push rules (`insertPushes`), the member who
 * caused them being `work.actor`, and wakes this process's push workers once it commits.
 */
export async function queuePushes(work: Work, pushes: PushTo[], now = new Date()): Promise<void> {
  if ((await insertPushes(work.tx, work.actor, pushes, now)) > 0) work.afterCommit(wakePushWorkers);
}

/** A push to the members of a community: who it is to is read when the workers expand it. */
export interface CommunityPush {
  communityId: number;
  cause: PushCause;
  /** Members left out (those @tagged, who get their mention's push of the same tag). */
  except: number[];
  /**
   * Who caused it, when not the unit of work's actor (a live session's start announces itself to every member,
   * blockers included, yet its push follows the push rules: not to the expert, nor across a block).
   */
  actor?: number;
}

/**
 * Queues a push to a community's members as one row in the caller's transaction, whatever their number: the
 * push workers expand it into each member's pushes after the commit, a batch at a time, under the rules of
 * `insertPushes` as of now (decision 0053), so the change that causes it does not wait on the community's size.
 */
export async function queueCommunityPush(work: Work, push: CommunityPush): Promise<void> {
  await work.tx.insert(pushFanouts).values({
    communityId: push.communityId,
    actorId: push.actor ?? work.actor ?? null,
    cause: push.cause,
    exceptIds: push.except,
  });
  work.afterCommit(wakePushWorkers);
}

/**
 * Takes back the pushes of `tag` not yet sent, in the caller's transaction: those waiting in the outbox and a
 * community push not yet expanded. A removed post pushes nobody afterwards; one already on a lock screen stays.
 */
export async function withdrawPushes(work: Work, tag: string): Promise<void> {
  // The job first: a batch expanding it now commits before this ends, so its rows are in the outbox below.
  await work.tx.delete(pushFanouts).where(sql`${pushFanouts.cause}->>'tag' = ${tag}`);
  await work.tx.delete(pushOutbox).where(eq(pushOutbox.tag, tag));
}
