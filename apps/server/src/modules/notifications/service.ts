import {
  ChallengeStatus,
  EventSubtype,
  EventType,
  type MaintenanceBody,
  type MaintenanceEventData,
  NOTIFICATIONS_LIST_MAX,
  type NotificationChange,
  type NotificationsResponse,
  NotificationType,
} from '@orbit/contract';
import { and, asc, desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { columnList, tableRowFromJson } from '../../db/json-rows';
import { preparedSql } from '../../db/prepared';
import { inIds, inIdsAt } from '../../db/queries';
import { notifications, organizationMembers, organizations, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest, notFound } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { hasBlockedSql, notHiddenFromSql } from '../blocks';
import { isResting } from '../faces';
import { hasLiveDeviceSql, queuePushes } from '../push';
import { maintenanceNotification, type NotificationInput } from './entities';
import { assertMayAnnounce, lowestLevelWanting } from './policy';
import { type NotificationRow, presentNotification } from './presenter';
import { pushCauseOf } from './push';

export * from './entities';

/**
 * Unread notifications of a member (a column or an id): the badge of the home view (notif_qty) and of every
 * event. Those caused by a member the reader blocked do not count (decision 0046). They are counted apart and
 * taken off, and only when the reader blocked anyone, so that the count itself stays an index-only scan of
 * notifications_unread_idx: it runs for every recipient of every notification, and filtering each row by its
 * actor would read the table for each. An expression, so that the home reads it in its own statement (0066).
 */
export const unreadCountSql = (member: SQLWrapper) =>
  // Nested in a template of its own: drizzle writes a one-table select's own columns unqualified, and here
  // `member` may be a column of the outer table (the users' id) beside the notifications' own.
  sql<number>`${sql`((SELECT count(*)::int FROM ${notifications} WHERE ${notifications.userId} = ${member}
      AND ${notifications.read} = false)
    - CASE WHEN ${hasBlockedSql(member)} THEN (SELECT count(*)::int FROM ${notifications}
      WHERE ${notifications.userId} = ${member} AND ${notifications.read} = false
        AND NOT ${notHiddenFromSql(member, notifications.actorId)}) ELSE 0 END)`}`;

/** The unread count of each of these members, in one statement (`db` may be a transaction's connection). */
async function unreadCountsOf(db: Queryable, userIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: users.id, unread: unreadCountSql(users.id) })
    .from(users)
    .where(inIds(users.id, userIds));
  return new Map(rows.map((r) => [r.userId, r.unread]));
}

/** notif_qty of GET /user/profiles. */
export async function unreadCountOf(db: Queryable, userId: number): Promise<number> {
  return (await unreadCountsOf(db, [userId])).get(userId) ?? 0;
}

/** The columns a notification is written with; the others keep their defaults. */
const WRITTEN_COLUMNS = [
  'userId',
  'type',
  'title',
  'body',
  'imageUrl',
  'color',
  'source',
  'communityId',
  'data',
  'actorId',
] as const;

/**
 * A notification written for each of `ids` whose notification_level wants it, in one statement (a round trip
 * less in every write that notifies: a message, a comment). Each recipient row comes back with what the event
 * needs: their quiet hours, their unread count before this one, and the row written for them (null when their
 * level does not want it). Those who blocked the actor are left out (decision 0046); the actor's own row names
 * no actor. Every recipient's row is the same but for its member and actor, so the values are bound once.
 */
const notifyStatement = preparedSql<{
  id: number;
  quiet_start: number | null;
  quiet_end: number | null;
  timezone: string;
  unread_before: number;
  has_device: boolean;
  written: unknown;
}>(
  'notify',
  sql`WITH recipients AS (
    SELECT ${users.id} AS id, ${users.notificationLevel} AS level, ${users.quietStart} AS quiet_start,
      ${users.quietEnd} AS quiet_end, ${users.timezone} AS timezone, ${unreadCountSql(users.id)} AS unread_before,
      CASE WHEN ${sql.placeholder('pushable')}::boolean
        THEN ${hasLiveDeviceSql(users.id, sql.placeholder('now'), sql.placeholder('actor'))} ELSE false END AS has_device
    FROM ${users}
    WHERE ${inIdsAt(users.id, 'ids')} AND ${notHiddenFromSql(users.id, sql.placeholder('actor'))}
  ), written AS (
    INSERT INTO ${notifications} (${columnList(notifications, WRITTEN_COLUMNS)})
    SELECT id, ${sql.placeholder('type')}::smallint, ${sql.placeholder('title')}::text,
      ${sql.placeholder('body')}::text, ${sql.placeholder('imageUrl')}::text, ${sql.placeholder('color')}::text,
      ${sql.placeholder('source')}::text, ${sql.placeholder('communityId')}::int, ${sql.placeholder('data')}::jsonb,
      NULLIF(${sql.placeholder('actor')}::int, id)
    FROM recipients WHERE level >= ${sql.placeholder('lowestLevel')}::smallint
    RETURNING *
  )
  SELECT r.id, r.quiet_start, r.quiet_end, r.timezone, r.unread_before, r.has_device, to_json(w) AS written
  FROM recipients r LEFT JOIN written w ON w.user_id = r.id
  ORDER BY r.id`,
);
const notificationFromJson = tableRowFromJson(notifications);

/**
 * Notifies `recipientIds` in the caller's transaction: each recipient whose notification_level lets this type
 * through gets the docs/product/realtime.md#notification-types entity and a NOTIFICATION/NEW event carrying it and their new unread count.
 * Answers the members who were notified. `now` decides who is in their quiet hours.
 */
export async function notify(
  work: Work,
  recipientIds: Iterable<number>,
  input: NotificationInput,
  now = new Date(),
): Promise<number[]> {
  const ids = [...new Set(recipientIds)];
  if (ids.length === 0) return [];
  // The kinds that reach a lock screen are queued as pushes too, under the push module's own rules; who has a
  // device to reach is read here with the recipients.
  const cause = pushCauseOf(input);
  const { rows } = await notifyStatement(work.tx).execute({
    ids,
    // Caused by the member whose request this is: nobody who blocked them hears of it (decision 0046).
    // Without an actor nobody is left out: `blocked_id = NULL` matches no block.
    actor: work.actor ?? null,
    lowestLevel: lowestLevelWanting(input.type),
    type: input.type,
    title: input.title,
    body: input.body ?? '',
    imageUrl: input.image_url ?? null,
    color: input.color ?? null,
    source: input.source ?? null,
    communityId: input.community_id ?? null,
    data: JSON.stringify(input.data ?? {}),
    pushable: cause !== null,
    now: now.toISOString(),
  });
  const wanting: number[] = [];
  const reachable: number[] = [];
  for (const recipient of rows) {
    if (recipient.written === null) continue;
    wanting.push(recipient.id);
    if (recipient.has_device) reachable.push(recipient.id);
    const row = notificationFromJson(recipient.written);
    const resting = isResting(
      { quietStart: recipient.quiet_start, quietEnd: recipient.quiet_end, timezone: recipient.timezone },
      now,
    );
    // Stored and listed as ever; during quiet hours the event says so, and the app neither sounds nor pops.
    await announce(work, row, recipient.unread_before + 1, EventSubtype.NEW, resting || undefined);
  }
  if (cause && reachable.length > 0) {
    await queuePushes(
      work,
      reachable.map((userId) => ({ userId, cause })),
      now,
    );
  }
  return wanting;
}

function announce(
  work: Work,
  row: NotificationRow,
  unreadCount: number,
  subtype: typeof EventSubtype.NEW | typeof EventSubtype.UPDATE,
  quiet?: true,
) {
  const change: NotificationChange = { notification: presentNotification(row), unreadCount, quiet };
  return work.emit([row.userId], EventType.NOTIFICATION, subtype, change);
}

/** GET /notifications: the newest first, with the unread count. */
export async function notificationsOf(db: Queryable, userId: number): Promise<NotificationsResponse> {
  const [rows, unreadCount] = await Promise.all([
    db
      .select()
      .from(notifications)
      // Those caused by a member the reader blocked are gone for them (decision 0046).
      .where(and(eq(notifications.userId, userId), notHiddenFromSql(userId, notifications.actorId)))
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATIONS_LIST_MAX),
    unreadCountOf(db, userId),
  ]);
  return { notifications: rows.map(presentNotification), unreadCount };
}

/** Changes one of the member's own notifications; someone else's is as if it did not exist (404). */
async function changeOwn(
  deps: AppDeps,
  userId: number,
  notificationId: number,
  change: (row: NotificationRow) => Partial<NotificationRow>,
): Promise<NotificationChange> {
  return inTransaction(unitOfWork(deps), async (work) => {
    const [row] = await work.tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
      .for('update');
    if (!row) throw notFound('No such notification');
    const [updated] = await work.tx
      .update(notifications)
      .set(change(row))
      .where(eq(notifications.id, row.id))
      .returning();
    const unreadCount = await unreadCountOf(work.tx, userId);
    // The member's other screens move their badge and the entry without refetching.
    await announce(work, updated, unreadCount, EventSubtype.UPDATE);
    return { notification: presentNotification(updated), unreadCount };
  });
}

/** POST /notifications/{id}/read (docs/product/realtime.md#notifications-list: unread becomes read on click). */
export function markRead(deps: AppDeps, userId: number, notificationId: number) {
  return changeOwn(deps, userId, notificationId, () => ({ read: true }));
}

/** POST /notifications/{id}/accept: the challenge is accepted, so its ACCEPT button goes (docs/product/realtime.md#notifications-list). */
export function acceptChallenge(deps: AppDeps, userId: number, notificationId: number) {
  return changeOwn(deps, userId, notificationId, (row) => {
    if (row.type !== NotificationType.FRIENDLY_CHALLENGE) {
      throw badRequest('not_a_challenge', 'Only a challenge can be accepted');
    }
    return { read: true, data: { ...row.data, challenge_status: ChallengeStatus.ACCEPTED } };
  });
}

/** POST /notifications/read-all: going back from the list marks everything read (docs/product/realtime.md#notifications-list). */
export async function markAllRead(deps: AppDeps, userId: number) {
  return inTransaction(unitOfWork(deps), async (work) => {
    const changed = await work.tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    if (changed.length > 0) {
      await work.emit([userId], EventType.NOTIFICATION, EventSubtype.UPDATE, { unreadCount: 0 });
    }
    return { unreadCount: 0 };
  });
}

/** The organisation an administrator announces to: the one named, or their first (docs/product/communities.md#create). */
async function announcingOrganisation(db: Queryable, callerId: number, organizationId?: number) {
  const [membership] = await db
    .select({ id: organizations.id, name: organizations.name, roles: organizationMembers.orgRoles })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.userId, callerId),
        organizationId === undefined ? undefined : eq(organizations.id, organizationId),
      ),
    )
    .orderBy(asc(organizations.id))
    .limit(1);
  assertMayAnnounce(membership?.roles);
  return membership;
}

/**
 * POST /notifications/maintenance: an organisation administrator tells everyone in the organisation. Every
 * member's open app hears MAINTENANCE_NOTIFICATION; the MAINTENANCE notification follows each one's level.
 */
export async function announceMaintenance(deps: AppDeps, callerId: number, body: MaintenanceBody) {
  const organisation = await announcingOrganisation(deps.db, callerId, body.organization_id);
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const members = await work.tx
      .select({ id: organizationMembers.userId })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organisation.id));
    const memberIds = members.map((m) => m.id);
    const announcement: MaintenanceEventData = { title: body.title, body: body.body };
    await work.emit(memberIds, EventType.MAINTENANCE_NOTIFICATION, EventSubtype.NEW, announcement);
    await notify(work, memberIds, maintenanceNotification(body.title, body.body, organisation.name));
    return { recipients: memberIds.length };
  });
}
