import {
  PUSH_LIMITS,
  PUSH_PREFERENCE_DEFAULTS,
  type PushPreferences,
  type PushPreferencesBody,
  type PushSubscriptionBody,
  PushType,
} from '@orbit/contract';
import { and, desc, eq, gt, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pushOutbox, pushPreferences, pushSubscriptions, sessions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../../platform/auth/sessions';
import { notFound } from '../../platform/errors';
import type { Work } from '../../platform/tx';
import { notBlockedEitherWaySql } from '../blocks';
import { restingAmong } from '../faces';
import type { PushEndpoints } from './endpoint';
import { vapidKeysOf } from './keys';
import { PREFERENCE_OF, type PushCause, presentPush, presentSubscription } from './presenter';
import { wakePushWorkers } from './worker';

type Me = Pick<AuthContext, 'userId' | 'sessionId'>;

/** Pushes of one tag queued within this pause go out as one (the newest); a call rings at once. */
export const COALESCE_MS = 3_000;

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

const preferenceColumns = {
  messages: pushPreferences.messages,
  mentions: pushPreferences.mentions,
  friend_requests: pushPreferences.friendRequests,
  moments: pushPreferences.moments,
  calls: pushPreferences.calls,
  community: pushPreferences.community,
  reminders: pushPreferences.reminders,
  previews: pushPreferences.previews,
};

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

/** One recipient of a push and how they see what caused it. */
export interface PushTo {
  userId: number;
  cause: PushCause;
}

/**
 * Queues pushes in the caller's transaction (the outbox), to each live subscription of each recipient whose
 * switch for the kind is on, who is not in quiet hours, and who neither blocked nor is blocked by the member
 * who caused it (`work.actor`), never to that member. A push not yet tried of the same tag on a device takes
 * the newer one's payload in its place, so a burst in one thread is one push.
 */
export async function queuePushes(work: Work, pushes: PushTo[], now = new Date()): Promise<void> {
  const actor = work.actor;
  const wanted = pushes.filter((push) => push.userId !== actor);
  if (wanted.length === 0) return;
  const userIds = [...new Set(wanted.map((push) => push.userId))];
  const devices = await work.tx
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, ...preferenceColumns })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .leftJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
    .where(
      and(
        inArray(pushSubscriptions.userId, userIds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        actor === undefined ? undefined : notBlockedEitherWaySql(pushSubscriptions.userId, actor),
      ),
    );
  if (devices.length === 0) return;
  const resting = await restingAmong(work.tx, [...new Set(devices.map((d) => d.userId))], now);
  const rows = wanted.flatMap(({ userId, cause }) =>
    devices
      .filter((device) => device.userId === userId && !resting.has(userId))
      .map((device) => ({ device, switches: withDefaults(device) }))
      .filter(({ switches }) => switches[PREFERENCE_OF[cause.type]])
      .map(({ device, switches }) => outboxRow(device.id, cause, switches.previews, now)),
  );
  if (rows.length === 0) return;
  // One row per device and tag (the newest), since an upsert may not touch a row twice; and one order (by
  // device, then tag), since two senders' upserts of one thread's burst would otherwise wait crosswise.
  const newest = [...new Map(rows.map((row) => [`${row.subscriptionId} ${row.tag}`, row])).values()];
  newest.sort((a, b) => a.subscriptionId - b.subscriptionId || a.tag.localeCompare(b.tag));
  await work.tx
    .insert(pushOutbox)
    .values(newest)
    .onConflictDoUpdate({
      target: [pushOutbox.subscriptionId, pushOutbox.tag],
      targetWhere: sql`${pushOutbox.attempts} = 0`,
      set: { payload: sql`excluded.payload`, expiresAt: sql`excluded.expires_at` },
    });
  work.afterCommit(wakePushWorkers);
}

/** A member without a preferences row has the defaults; a left join gives their columns as nulls. */
function withDefaults(row: { [K in keyof PushPreferences]: boolean | null }): PushPreferences {
  const switches = { ...PUSH_PREFERENCE_DEFAULTS };
  for (const name of Object.keys(switches) as (keyof PushPreferences)[]) {
    switches[name] = row[name] ?? switches[name];
  }
  return switches;
}

function outboxRow(subscriptionId: number, cause: PushCause, previews: boolean, now: Date) {
  const call = cause.type === PushType.CALL;
  const ttlSeconds = call ? PUSH_LIMITS.callTtlSeconds : PUSH_LIMITS.ttlSeconds;
  return {
    subscriptionId,
    tag: cause.tag,
    payload: presentPush(cause, previews),
    urgency: call ? 'high' : 'normal',
    nextAttemptAt: new Date(now.getTime() + (call ? 0 : COALESCE_MS)),
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  };
}
