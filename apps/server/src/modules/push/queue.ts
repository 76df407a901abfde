import { PUSH_LIMITS, PUSH_PREFERENCE_DEFAULTS, type PushPreferences, PushType } from '@orbit/contract';
import { and, eq, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedForAny } from '../../db/prepared';
import { inIdsAt } from '../../db/queries';
import { pushOutbox, pushPreferences, pushSubscriptions, sessions } from '../../db/schema';
import { notBlockedEitherWaySql } from '../blocks';
import { restingAmong } from '../faces';
import { PREFERENCE_OF, type PushCause, presentPush } from './presenter';

/** Pushes of one tag queued within this pause go out as one (the newest); a call rings at once. */
export const COALESCE_MS = 3_000;

export const preferenceColumns = {
  messages: pushPreferences.messages,
  mentions: pushPreferences.mentions,
  friend_requests: pushPreferences.friendRequests,
  moments: pushPreferences.moments,
  calls: pushPreferences.calls,
  community: pushPreferences.community,
  reminders: pushPreferences.reminders,
  previews: pushPreferences.previews,
};

/** One recipient of a push and how they see what caused it. */
export interface PushTo {
  userId: number;
  cause: PushCause;
}

/** How long a push of this kind lives: a call rings for a minute, the rest keep a day. */
export function ttlMsOf(cause: Pick<PushCause, 'type'>): number {
  return (cause.type === PushType.CALL ? PUSH_LIMITS.callTtlSeconds : PUSH_LIMITS.ttlSeconds) * 1000;
}

/** A subscription whose session is live, of a member neither blocking nor blocked by `actor` (NULL: anyone). */
const liveDeviceWhere = (now: SQLWrapper, actor: SQLWrapper) =>
  and(
    isNull(sessions.revokedAt),
    sql`${sessions.expiresAt} > ${now}::timestamptz`,
    notBlockedEitherWaySql(pushSubscriptions.userId, actor),
  );

/** The live subscriptions of a push's recipients with their switches, none blocked either way with its actor. */
const liveDevices = preparedForAny('push_live_devices', (db) =>
  db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId, ...preferenceColumns })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .leftJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
    .where(
      and(
        inIdsAt(pushSubscriptions.userId, 'ids'),
        liveDeviceWhere(sql.placeholder('now'), sql.placeholder('actor')),
      ),
    ),
);

/**
 * Whether `member` (a column) has a device `insertPushes` could reach for `actor` as of `now`: a statement that
 * notifies reads it with its recipients, so that a push to members with no device costs no statement of its own.
 */
export const hasLiveDeviceSql = (member: SQLWrapper, now: SQLWrapper, actor: SQLWrapper) =>
  sql<boolean>`EXISTS (${sql`SELECT 1 FROM ${pushSubscriptions} INNER JOIN ${sessions} ON ${sessions.id} = ${pushSubscriptions.sessionId}
    WHERE ${pushSubscriptions.userId} = ${member} AND ${liveDeviceWhere(now, actor)}`})`;

/**
 * Writes the outbox rows of `pushes` with `db` (the caller's transaction), as of `now`: to each live
 * subscription of each recipient whose switch for the kind is on, who is not in quiet hours, and who neither
 * blocked nor is blocked by `actor`, never to `actor`. A push not yet tried of the same tag on a device takes
 * the newer one's payload in its place, so a burst in one thread is one push. Answers the rows written.
 */
export async function insertPushes(
  db: Queryable,
  actor: number | undefined,
  pushes: PushTo[],
  now: Date,
): Promise<number> {
  const wanted = pushes.filter((push) => push.userId !== actor);
  if (wanted.length === 0) return 0;
  const userIds = [...new Set(wanted.map((push) => push.userId))];
  // Without an actor nobody is left out: a block with NULL matches none.
  const devices = await liveDevices(db).execute({
    ids: userIds,
    now: now.toISOString(),
    actor: actor ?? null,
  });
  if (devices.length === 0) return 0;
  const resting = await restingAmong(db, [...new Set(devices.map((d) => d.userId))], now);
  const rows = wanted.flatMap(({ userId, cause }) =>
    devices
      .filter((device) => device.userId === userId && !resting.has(userId))
      .map((device) => ({ device, switches: withDefaults(device) }))
      .filter(({ switches }) => switches[PREFERENCE_OF[cause.type]])
      .map(({ device, switches }) => outboxRow(device.id, cause, switches.previews, now)),
  );
  if (rows.length === 0) return 0;
  // One row per device and tag (the newest), since an upsert may not touch a row twice; and one order (by
  // device, then tag), since two senders' upserts of one thread's burst would otherwise wait crosswise.
  const newest = [...new Map(rows.map((row) => [`${row.subscriptionId} ${row.tag}`, row])).values()];
  newest.sort((a, b) => a.subscriptionId - b.subscriptionId || a.tag.localeCompare(b.tag));
  await db
    .insert(pushOutbox)
    .values(newest)
    .onConflictDoUpdate({
      target: [pushOutbox.subscriptionId, pushOutbox.tag],
      targetWhere: sql`${pushOutbox.attempts} = 0`,
      set: { payload: sql`excluded.payload`, expiresAt: sql`excluded.expires_at` },
    });
  return newest.length;
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
  return {
    subscriptionId,
    tag: cause.tag,
    payload: presentPush(cause, previews),
    urgency: call ? 'high' : 'normal',
    nextAttemptAt: new Date(now.getTime() + (call ? 0 : COALESCE_MS)),
    expiresAt: new Date(now.getTime() + ttlMsOf(cause)),
  };
}
