import { PM_PAGE_SIZE, PM_UNREAD_COUNT_CAP } from '@orbit/contract';
import { and, eq, ne, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../../db/client';
import { reads, tableRowFromJson } from '../../db/json-rows';
import { preparedForAny, preparedPerDatabase, preparedSql } from '../../db/prepared';
import { messageGroups, messageParticipants, messages, users } from '../../db/schema';
import { personalStreamSql } from '../../platform/realtime/history';
import { notBlockedEitherWaySql, notHiddenFromSql } from '../blocks';
import {
  FACE_COLUMNS,
  type FaceRow,
  faceSeenBy,
  isFriendSql,
  type MemberFace,
  relationsOf,
  STRANGER,
  seesPersona,
  stanceIn,
  type UserRow,
} from '../faces';
import { noSuchThread } from './policy';
import type { GroupRow, MessageRow } from './presenter';

export interface Participant {
  user: UserRow;
  lastReadId: number;
  /** A friend of the member the thread was loaded for (loadThread's viewer): read with the thread. */
  viewersFriend: boolean;
  /** Either of this participant and the viewer blocked the other (docs/decisions/0046): read with the thread. */
  blockedWithViewer: boolean;
  /** This participant blocked the viewer: none of the viewer's events reach them. */
  blocksViewer: boolean;
  /** A message from someone else waits unread for them: a new one does not raise their thread count. */
  hasUnread: boolean;
}

/** A thread as its participant `viewerId` may see it; 404 for anyone else (they may not know it exists). */
export interface Thread {
  group: GroupRow;
  participants: Participant[];
  viewer: Participant;
  others: Participant[];
}

/** The thread and its participants in one query, or 404 when the viewer does not take part in it. */
export async function loadThread(db: Queryable, groupId: number, viewerId: number): Promise<Thread> {
  const { group, participants } = await participantsOf(db, groupId, viewerId);
  const viewer = participants.find((p) => p.user.id === viewerId);
  if (!viewer || !group) throw noSuchThread();
  return { group, participants, viewer, others: participants.filter((p) => p !== viewer) };
}

/** Read by every message sent, in its transaction: all that sending asks of the thread, in one statement. */
const participantsStatement = preparedForAny('pm_participants', (db) =>
  db
    .select({
      group: messageGroups,
      user: users,
      lastReadId: messageParticipants.lastReadMessageId,
      viewersFriend: isFriendSql(sql.placeholder('viewer'), messageParticipants.userId),
      blockedWithViewer: sql<boolean>`NOT ${notBlockedEitherWaySql(sql.placeholder('viewer'), messageParticipants.userId)}`,
      blocksViewer: sql<boolean>`NOT ${notHiddenFromSql(messageParticipants.userId, sql.placeholder('viewer'))}`,
      hasUnread: sql<boolean>`${hasUnreadSql()}`,
    })
    .from(messageParticipants)
    .innerJoin(messageGroups, eq(messageGroups.id, messageParticipants.groupId))
    .innerJoin(users, eq(users.id, messageParticipants.userId))
    .where(eq(messageParticipants.groupId, sql.placeholder('group'))),
);

/**
 * The thread's group and participants in one query, whoever asks (a moderator acting on a report), with
 * which of them are friends of `viewerId` (none without one): sending needs it for the rule and for the
 * sender's face that each participant sees.
 */
export async function participantsOf(db: Queryable, groupId: number, viewerId?: number) {
  // Without a viewer nobody is their friend: `user_id = NULL` matches no friendship.
  const rows = await participantsStatement(db).execute({ group: groupId, viewer: viewerId ?? null });
  const participants: Participant[] = rows.map(({ group: _group, ...participant }) => participant);
  return { group: rows[0]?.group as GroupRow | undefined, participants };
}

/** The faces `viewerId` sees of these members (persona for friends and public members) and which are friends. */
export async function facesSeenBy(db: Queryable, viewerId: number, members: FaceRow[]) {
  const relations = await relationsOf(
    db,
    viewerId,
    members.filter((u) => u.id !== viewerId).map((u) => u.id),
  );
  const friendIds = new Set([...relations].filter(([, r]) => r.isFriend).map(([id]) => id));
  const faces = new Map<number, MemberFace>(
    members.map((u) => [u.id, faceSeenBy(u, stanceIn(relations, viewerId, u.id))]),
  );
  return { faces, friendIds };
}

/** A thread's messages as `viewer` sees them: their blocked members' are left out, for them only (decision 0046). */
export const messagesSeenIn = (group: SQLWrapper, viewer: SQLWrapper) =>
  and(eq(messages.groupId, group), notHiddenFromSql(viewer, messages.authorId));

/** The thread's newest page as JSON rows, newest first, with one row more than a page (an older page exists). */
const newestPageJsonSql = (group: SQLWrapper, viewer: SQLWrapper) => {
  const newest = sql`SELECT * FROM ${messages} WHERE ${messagesSeenIn(group, viewer)}
    ORDER BY ${messages.id} DESC LIMIT ${sql.raw(String(PM_PAGE_SIZE + 1))}`;
  const rows = sql`json_agg(page ORDER BY page.id DESC)`;
  return sql<unknown[]>`(SELECT coalesce(${rows}, '[]'::json) FROM (${newest}) page)`;
};

const threadSeenByStatement = preparedPerDatabase((db) => {
  const viewer = sql.placeholder('viewer');
  const group = sql.placeholder('group');
  return db
    .select({
      member: FACE_COLUMNS,
      lastReadId: messageParticipants.lastReadMessageId,
      isFriend: isFriendSql(viewer, messageParticipants.userId),
      streams: personalStreamSql(viewer),
      // Asked for, the newest page on the viewer's row, read in the thread's snapshot: the stream position read
      // with it can be no older than its rows (a round trip less a thread read, decision 0096).
      page: sql<unknown[] | null>`CASE WHEN ${sql.placeholder('withPage')}::boolean
        AND ${messageParticipants.userId} = ${viewer} THEN ${newestPageJsonSql(group, viewer)} END`,
    })
    .from(messageParticipants)
    .innerJoin(users, eq(users.id, messageParticipants.userId))
    .where(eq(messageParticipants.groupId, group))
    .prepare('pm_thread_seen_by');
});
const messageFromJson = tableRowFromJson(messages);

/**
 * What a page of the thread needs of it: the viewer's last read message and the faces the viewer sees of the
 * participants, in one prepared statement (participants with the face columns and friendship), or 404 when
 * the viewer does not take part in it; with where the viewer's personal stream stood in the same snapshot
 * (every message of the thread, their reading and their friendships are events on it, decision 0079); and,
 * asked `withNewestPage`, the newest page's rows (one more than a page) read in that statement too.
 */
export async function threadSeenBy(db: Db, groupId: number, viewerId: number, withNewestPage = false) {
  const rows = await threadSeenByStatement(db).execute({
    group: groupId,
    viewer: viewerId,
    withPage: withNewestPage,
  });
  const viewer = rows.find((r) => r.member.id === viewerId);
  if (!viewer) throw noSuchThread();
  const faces = new Map<number, MemberFace>(
    rows.map((r) => [r.member.id, faceSeenBy(r.member, { self: r === viewer, isFriend: r.isFriend })]),
  );
  const newestPage: MessageRow[] = (viewer.page ?? []).map(messageFromJson);
  return { lastReadId: viewer.lastReadId, faces, streams: viewer.streams, newestPage };
}

/** A one-to-one thread takes messages only while its two members are friends (docs/product/messages.md#previews). */
export function maySend(thread: Thread): boolean {
  if (thread.group.isGroup) return true;
  return thread.others[0]?.viewersFriend ?? false;
}

/**
 * Whether each participant sees `author`'s persona (else their avatar identity): from the thread's
 * friendships when the author is its viewer (the sender, the editor), else read.
 */
export async function authorsPersonaSeenIn(db: Queryable, thread: Thread, author: UserRow) {
  const relations =
    author.id === thread.viewer.user.id
      ? new Map(thread.participants.map((p) => [p.user.id, { ...STRANGER, isFriend: p.viewersFriend }]))
      : await relationsOf(
          db,
          author.id,
          thread.participants.map((p) => p.user.id).filter((id) => id !== author.id),
        );
  return new Map(
    thread.participants.map((p) => [
      p.user.id,
      seesPersona(author, stanceIn(relations, author.id, p.user.id)),
    ]),
  );
}

/**
 * Messages from others after the participant's last read one, counted up to the cap: the index on
 * (group_id, id) bounds the work whatever the thread's length.
 */
export function unreadCountSql(groupId: unknown, lastReadId: unknown, readerId: SQLWrapper | number) {
  return sql<number>`(SELECT count(*)::int FROM (
    SELECT 1 FROM ${messages} u
    WHERE u.group_id = ${groupId} AND u.id > ${lastReadId} AND u.author_id <> ${readerId}
      AND ${notHiddenFromSql(readerId, sql`u.author_id`)}
    LIMIT ${PM_UNREAD_COUNT_CAP}) c)`;
}

/** Does the participant have a message from someone else they have not read? */
function hasUnreadSql() {
  return sql`EXISTS (SELECT 1 FROM ${messages} u
    WHERE u.group_id = ${messageParticipants.groupId}
      AND u.id > ${messageParticipants.lastReadMessageId}
      AND u.author_id <> ${messageParticipants.userId}
      AND ${notHiddenFromSql(messageParticipants.userId, sql`u.author_id`)})`;
}

/** The member's threads holding unread messages, as an expression (the home's one statement, decision 0066). */
export const pendingThreadsSql = (member: SQLWrapper) =>
  sql<number>`(SELECT count(*)::int FROM ${messageParticipants}
    WHERE ${messageParticipants.userId} = ${member} AND ${hasUnreadSql()})`;

/** pending_pms_qty of GET /user/profiles: the member's threads holding unread messages (0015-messages). */
export async function pendingThreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messageParticipants)
    .where(and(eq(messageParticipants.userId, userId), hasUnreadSql()));
  return row?.count ?? 0;
}

/** The other members of `userId`'s group threads: each thread's star is titled with its members' faces. */
export async function groupCompanionsOf(db: Queryable, userId: number): Promise<number[]> {
  const { rows } = await companionsStatement(db).execute({ member: userId });
  return rows.map((row) => row.id);
}

/**
 * A group thread, as a condition with no bound value: the planner then knows how few threads are groups and
 * reads them from their partial index (migration 0033), where a bound `true` had it scan every thread.
 */
export const isGroupThread = sql`${messageGroups.isGroup}`;

/**
 * The other members of `member`'s group threads, as a select over a value or a column, so that a statement
 * about the member can read them too (decision 0094); its one column is named by the statement that reads it.
 */
export const groupCompanionsQuery = (member: SQLWrapper) => {
  const mine = alias(messageParticipants, 'mine');
  return reads
    .selectDistinct({ id: messageParticipants.userId })
    .from(mine)
    .innerJoin(messageGroups, and(eq(messageGroups.id, mine.groupId), isGroupThread))
    .innerJoin(messageParticipants, eq(messageParticipants.groupId, mine.groupId))
    .where(and(eq(mine.userId, member), ne(messageParticipants.userId, member)));
};

const companionsStatement = preparedSql<{ id: number }>(
  'pm_group_companions',
  sql`SELECT id FROM (${groupCompanionsQuery(sql.placeholder('member'))}) AS companions(id)`,
);
