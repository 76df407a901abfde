import { PM_PREVIEWS_MAX, type PmPreview } from '@orbit/contract';
import { and, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { messageGroups, messageParticipants, messages, users } from '../../db/schema';
import { notHiddenFromSql } from '../blocks';
import type { UserRow } from '../faces';
import { noSuchThread } from './policy';
import { presentPreview } from './presenter';
import { facesSeenBy, unreadCountSql } from './queries';

/** `%text%` for ILIKE, the text's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Threads whose group name, or another participant's name, contains the search (case-insensitive). */
function matching(viewerId: number, search: string): SQL | undefined {
  const pattern = containing(search);
  const namedMember = exists(
    sql`(SELECT 1 FROM ${messageParticipants} member JOIN ${users} person ON person.id = member.user_id
      WHERE member.group_id = ${messageGroups.id} AND member.user_id <> ${viewerId}
        AND (person.username ILIKE ${pattern} OR person.alias ILIKE ${pattern}
          OR person.first_name ILIKE ${pattern}))`,
  );
  return or(ilike(messageGroups.name, pattern), namedMember);
}

/**
 * The viewer's threads, most recently active first, each with its last message, the author before it and
 * the unread count: one query whose per-thread parts are lookups on the (group_id, id) index.
 */
async function threadRows(db: Queryable, viewerId: number, filter: SQL | undefined) {
  const last = db
    .select({
      id: messages.id,
      authorId: messages.authorId,
      message: messages.message,
      attachments: messages.attachments,
      createdAt: messages.createdAt,
    })
    .from(messages)
    // The last message the viewer sees: not one of a member they blocked (docs/decisions/0046).
    .where(and(eq(messages.groupId, messageGroups.id), notHiddenFromSql(viewerId, messages.authorId)))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last');
  const previousAuthor = sql<number | null>`(SELECT p.author_id FROM ${messages} p
    WHERE p.group_id = ${messageGroups.id} AND p.id < ${last.id}
      AND ${notHiddenFromSql(viewerId, sql`p.author_id`)} ORDER BY p.id DESC LIMIT 1)`;
  return db
    .select({
      group: messageGroups,
      last: {
        id: last.id,
        authorId: last.authorId,
        message: last.message,
        attachments: last.attachments,
        createdAt: last.createdAt,
      },
      previousAuthorId: previousAuthor,
      unread: unreadCountSql(messageGroups.id, messageParticipants.lastReadMessageId, viewerId),
    })
    .from(messageParticipants)
    .innerJoin(messageGroups, eq(messageGroups.id, messageParticipants.groupId))
    .leftJoinLateral(last, sql`true`)
    .where(and(eq(messageParticipants.userId, viewerId), filter))
    .orderBy(desc(messageGroups.lastMessageAt), desc(messageGroups.id))
    .limit(PM_PREVIEWS_MAX);
}

type ThreadRow = Awaited<ReturnType<typeof threadRows>>[number];

/** Every participant of these threads, their faces and which are the viewer's friends, in three queries. */
async function participantsOf(db: Queryable, viewerId: number, groupIds: number[]) {
  const rows =
    groupIds.length === 0
      ? []
      : await db
          .select({ groupId: messageParticipants.groupId, user: users })
          .from(messageParticipants)
          .innerJoin(users, eq(users.id, messageParticipants.userId))
          .where(inArray(messageParticipants.groupId, groupIds));
  const members = new Map<number, UserRow[]>();
  for (const r of rows) members.set(r.groupId, [...(members.get(r.groupId) ?? []), r.user]);
  const people = [...new Map(rows.map((r) => [r.user.id, r.user])).values()];
  return { members, ...(await facesSeenBy(db, viewerId, people)) };
}

function previewOf(
  row: ThreadRow,
  viewerId: number,
  context: Awaited<ReturnType<typeof participantsOf>>,
): PmPreview {
  const members = context.members.get(row.group.id) ?? [];
  const others = members.filter((u) => u.id !== viewerId);
  const face = (id: number | null) => (id === null ? null : (context.faces.get(id) ?? null));
  const lastAuthor = row.last ? face(row.last.authorId) : null;
  // An erased author (null) still shows their message, as a deleted member's; a departed one does not.
  const lastShown = row.last && (lastAuthor || row.last.authorId === null);
  return presentPreview({
    group: row.group,
    participantIds: members.map((u) => u.id).sort((a, b) => a - b),
    others: others.flatMap((u) => face(u.id) ?? []),
    last:
      row.last && lastShown
        ? {
            message: row.last.message,
            attachments: row.last.attachments ?? [],
            createdAt: row.last.createdAt,
            author: lastAuthor,
          }
        : null,
    previousAuthor: face(row.previousAuthorId),
    unread: row.unread,
    canSend: row.group.isGroup || others.some((u) => context.friendIds.has(u.id)),
  });
}

async function previewsWhere(db: Queryable, viewerId: number, filter: SQL | undefined) {
  const rows = await threadRows(db, viewerId, filter);
  const context = await participantsOf(
    db,
    viewerId,
    rows.map((r) => r.group.id),
  );
  return rows.map((row) => previewOf(row, viewerId, context));
}

/** GET /pms/previews: the caller's threads, latest first, optionally those matching a name. */
export async function previewsOf(db: Queryable, viewerId: number, search?: string) {
  const text = search?.trim();
  return { previews: await previewsWhere(db, viewerId, text ? matching(viewerId, text) : undefined) };
}

/** GET /pms/previews/{group_id}: one thread's preview; 404 for a thread the caller is not in. */
export async function threadPreview(db: Queryable, viewerId: number, groupId: number): Promise<PmPreview> {
  const [preview] = await previewsWhere(db, viewerId, eq(messageGroups.id, groupId));
  if (!preview) throw noSuchThread();
  return preview;
}
