import { EventSubtype, PM_PAGE_SIZE, type PmCreateGroupBody, type PmListResponse } from '@orbit/contract';
import { and, asc, desc, eq, gt, lt, max, sql } from 'drizzle-orm';
import { writeWithNextStatement } from '../../db/begin-with-first';
import type { Db, Queryable } from '../../db/client';
import { placeholdersFor, preparedForAny, preparedPerDatabase } from '../../db/prepared';
import { messageGroups, messageParticipants, messages } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest, notFound } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { type IncomingFile, noFiles, type StoredUploads, withStoredUploads } from '../attachments';
import { assertNoneBlocked, blockedContact } from '../blocks';
import { presentMemberFace, relationsOf } from '../faces';
import { notifyPrivateMessage } from '../notifications';
import { type Interaction, recordInteraction, recordInteractions, StarTarget } from '../stars';
import { type Cursor, cursorFromKey, newerThan, olderThan, type PageCursor } from './cursor';
import { announceProfiles, emitDeleted, emitMessage } from './events';
import { assertAuthor, groupParticipants, messageText, notFriends, pairKeyOf } from './policy';
import { type MessageRow, presentMessage, presentPmAttachment, stateFor } from './presenter';
import {
  loadThread,
  maySend,
  messagesSeenIn,
  type Participant,
  participantsOf,
  pendingThreadCount,
  type Thread,
  threadSeenBy,
} from './queries';

export { pendingThreadCount } from './queries';

/**
 * An older or newer page of a thread by keyset, one prepared statement per direction: one index range scan on
 * (group_id, id). The newest page is read with the thread (threadSeenBy).
 */
const pageStatements = preparedPerDatabase((db) => {
  const inGroup = messagesSeenIn(sql.placeholder('group'), sql.placeholder('viewer'));
  const limit = PM_PAGE_SIZE + 1;
  const from = sql.placeholder('id');
  return {
    before: db
      .select()
      .from(messages)
      .where(and(inGroup, lt(messages.id, from)))
      .orderBy(desc(messages.id))
      .limit(limit)
      .prepare('pm_page_before'),
    after: db
      .select()
      .from(messages)
      .where(and(inGroup, gt(messages.id, from)))
      .orderBy(asc(messages.id))
      .limit(limit)
      .prepare('pm_page_after'),
  };
});

/** An older or newer page of a thread, newest first. */
async function pageRows(
  db: Db,
  groupId: number,
  viewerId: number,
  cursor: PageCursor,
): Promise<MessageRow[]> {
  const rows = await pageStatements(db)[cursor.kind].execute({
    group: groupId,
    viewer: viewerId,
    id: cursor.id,
  });
  return cursor.kind === 'after' ? rows.reverse() : rows;
}

/** The page's rows and its keys: the extra row fetched says a further page exists in that direction. */
function pageOfRows(rows: MessageRow[], cursor: Cursor) {
  const more = rows.length > PM_PAGE_SIZE;
  // After-pages come back newest first with the extra row at the newest end.
  const items = cursor.kind === 'after' ? rows.slice(more ? 1 : 0) : rows.slice(0, PM_PAGE_SIZE);
  const newest = items[0]?.id;
  const oldest = items.at(-1)?.id;
  const hasOlder = cursor.kind === 'after' ? items.length > 0 : more;
  const hasNewer = cursor.kind === 'after' ? more : cursor.kind === 'before' && items.length > 0;
  return {
    items,
    older_key: hasOlder && oldest !== undefined ? olderThan(oldest) : null,
    newer_key: hasNewer && newest !== undefined ? newerThan(newest) : null,
  };
}

/**
 * GET /pms/list/{group_id}: a page of the thread, newest first, as the caller sees it, with the last
 * message they had read before this call (the Unread messages divider). Reading the newest page (no
 * page_key) marks the thread read up to its newest message, as opening a conversation does (docs/product/messages.md#unread).
 * The newest page read again is the same answer while nothing of it is heard to change (decision 0079).
 */
export async function listMessages(
  deps: AppDeps,
  viewerId: number,
  groupId: number,
  pageKey?: string,
): Promise<PmListResponse> {
  const cursor = cursorFromKey(pageKey);
  const read = () => readPage(deps, viewerId, groupId, cursor);
  if (cursor.kind !== 'newest') return (await read()).answer;
  return deps.threadPages.read(viewerId, groupId, read);
}

async function readPage(deps: AppDeps, viewerId: number, groupId: number, cursor: Cursor) {
  // The thread first: it says the viewer takes part, and reads their stream before (or with) the page's rows.
  const thread = await threadSeenBy(deps.db, groupId, viewerId, cursor.kind === 'newest');
  const { lastReadId: lastRead, faces, streams } = thread;
  const rows =
    cursor.kind === 'newest' ? thread.newestPage : await pageRows(deps.db, groupId, viewerId, cursor);
  const page = pageOfRows(rows, cursor);
  const newest = page.items[0];
  if (cursor.kind === 'newest' && newest && newest.id > lastRead) {
    await inTransaction(unitOfWork(deps), (work) => advanceRead(work, groupId, viewerId, newest.id));
  }
  const answer: PmListResponse = {
    messages: page.items.flatMap((row) => {
      // A null author erased their account: the message stays, as a deleted member's (decision 0048).
      const author = row.authorId === null ? null : faces.get(row.authorId);
      return author === undefined ? [] : [presentMessage(row, author, stateFor(row, viewerId, lastRead))];
    }),
    older_key: page.older_key,
    newer_key: page.newer_key,
    last_read_pm_id: lastRead,
  };
  return { answer, streams };
}

/** Each message moves the thread's stars: the group's for every participant, or the pair's friend stars. */
async function recordMessageInteractions(work: Work, thread: Thread) {
  const ids = thread.participants.map((p) => p.user.id);
  const interactions: Interaction[] = thread.group.isGroup
    ? ids.map((ownerId) => ({ ownerId, targetKind: StarTarget.GROUP, targetId: thread.group.id }))
    : ids.map((ownerId) => ({
        ownerId,
        targetKind: StarTarget.USER,
        targetId: ids.find((id) => id !== ownerId) as number,
      }));
  // A one-to-one thread whose other member is gone (erased) has no one to orbit.
  await recordInteractions(
    work,
    interactions.filter((i) => i.targetId !== undefined),
  );
}

/** A one-to-one thread between members one of whom blocked the other takes nothing (403 blocked). */
function assertMaySend(thread: Thread) {
  const other = thread.group.isGroup ? undefined : thread.others[0];
  if (other?.blockedWithViewer) throw blockedContact();
  if (!maySend(thread)) throw notFriends();
}

/**
 * The message, the thread's last-message time and the sender's read mark (their own message is read), in
 * one statement: a round trip less under the thread's row lock for each (decision 0072).
 */
const writeMessage = preparedForAny('pm_write', (db) => {
  const written = db.$with('written').as(
    db
      .insert(messages)
      .values(placeholdersFor(['groupId', 'authorId', 'message', 'createdAt']))
      .returning(),
  );
  const touched = db.$with('touched').as(
    db
      .update(messageGroups)
      .set({ lastMessageAt: sql`${sql.placeholder('at')}` })
      .where(eq(messageGroups.id, sql.placeholder('groupId')))
      .returning({ id: messageGroups.id }),
  );
  const senderRead = db.$with('sender_read').as(
    db
      .update(messageParticipants)
      .set({
        lastReadMessageId: sql`greatest(${messageParticipants.lastReadMessageId}, (SELECT id FROM ${written}))`,
      })
      .where(
        and(
          eq(messageParticipants.groupId, sql.placeholder('groupId')),
          eq(messageParticipants.userId, sql.placeholder('authorId')),
        ),
      )
      .returning({ id: messageParticipants.userId }),
  );
  return db.with(written, touched, senderRead).select().from(written);
});

/**
 * POST /pms/send/{group_id}, and with files POST /pms/{group_id}/attachments: participants only; a
 * one-to-one thread only between friends. Files are checked and stored first, their rows written with the
 * message, so the message is announced once with its attachments.
 */
export async function sendMessage(
  deps: AppDeps,
  senderId: number,
  groupId: number,
  raw: string,
  files: IncomingFile[] = [],
) {
  // Refused senders are turned away before their files are checked and stored.
  if (files.length > 0) assertMaySend(await loadThread(deps.db, groupId, senderId));
  return withStoredUploads(deps, files, (uploads) =>
    inTransaction(unitOfWork(deps, senderId), async (work) => {
      const thread = await loadThread(work.tx, groupId, senderId);
      assertMaySend(thread);
      // Everyone this message reaches is a participant: who of them blocked the sender was read with them.
      work.knowBlockersAmong(
        thread.participants.map((p) => p.user.id),
        thread.participants.filter((p) => p.blocksViewer).map((p) => p.user.id),
      );
      const text = messageText(raw, uploads.count > 0);
      const newlyPending = thread.others.filter((p) => !p.hasUnread).map((p) => p.user.id);
      const now = new Date();
      const [written] = await writeMessage(work.tx).execute({
        groupId,
        authorId: senderId,
        message: text,
        createdAt: now,
        at: now.toISOString(),
      });
      const row = await attachFiles(work.tx, uploads, written as MessageRow, senderId);
      thread.viewer.lastReadId = row.id;
      await recordMessageInteractions(work, thread);
      const personaSeen = await emitMessage(work, EventSubtype.NEW, row, thread);
      await announceProfiles(work, newlyPending);
      const recipients = thread.others.map((p) => ({
        id: p.user.id,
        sender: presentMemberFace(thread.viewer.user, personaSeen.get(p.user.id) === true),
      }));
      await notifyPrivateMessage(work, { ...row, authorId: senderId }, thread.group.name, recipients);
      return { group_id: groupId, pm_id: row.id, attachments: row.attachments ?? [] };
    }),
  );
}

/** Gives the stored files their rows and lists them on the message, after those it already has. */
async function attachFiles(
  db: Queryable,
  uploads: StoredUploads,
  row: MessageRow,
  senderId: number,
): Promise<MessageRow> {
  if (uploads.count === 0) return row;
  const rows = await uploads.attachTo(db, senderId, { messageId: row.id });
  const listed = [...(row.attachments ?? []), ...rows.map(presentPmAttachment)];
  const [updated] = await db
    .update(messages)
    .set({ attachments: listed })
    .where(eq(messages.id, row.id))
    .returning();
  return updated;
}

/** POST /pms/{group_id}/pm/{id}/attachments-put: further files on the caller's own message. */
export async function addFilesToMessage(
  deps: AppDeps,
  callerId: number,
  groupId: number,
  pmId: number,
  files: IncomingFile[],
) {
  if (files.length === 0) throw noFiles();
  await assertAuthor((await messageOf(deps.db, groupId, pmId)).authorId, callerId);
  return withStoredUploads(deps, files, (uploads) =>
    inTransaction(unitOfWork(deps, callerId), async (work) => {
      const thread = await loadThread(work.tx, groupId, callerId);
      const row = await attachFiles(work.tx, uploads, await ownMessage(work, thread, pmId), callerId);
      await emitMessage(work, EventSubtype.UPDATE, row, thread);
      return { attachments: row.attachments ?? [] };
    }),
  );
}

/** A message of the thread, locked when `lock`; 404 when the thread has no such message. */
async function messageOf(db: Queryable, groupId: number, pmId: number, lock = false): Promise<MessageRow> {
  const query = db
    .select()
    .from(messages)
    .where(and(eq(messages.id, pmId), eq(messages.groupId, groupId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('No such message');
  return row;
}

/** The caller's own message of the thread, locked for the change. */
async function ownMessage(work: Work, thread: Thread, pmId: number): Promise<MessageRow> {
  const row = await messageOf(work.tx, thread.group.id, pmId, true);
  assertAuthor(row.authorId, thread.viewer.user.id);
  return row;
}

/** PUT /pms/group/{group_id}/{pm_id}: the author rewrites their message; everyone's copy updates. */
export async function editMessage(
  deps: AppDeps,
  callerId: number,
  groupId: number,
  pmId: number,
  raw: string,
) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const thread = await loadThread(work.tx, groupId, callerId);
    const current = await ownMessage(work, thread, pmId);
    const text = messageText(raw, (current.attachments ?? []).length > 0);
    const [row] = await work.tx
      .update(messages)
      .set({ message: text, editedAt: new Date() })
      .where(eq(messages.id, pmId))
      .returning();
    await emitMessage(work, EventSubtype.UPDATE, row, thread);
    return { group_id: groupId, pm_id: pmId };
  });
}

/** DELETE /pms/group/{group_id}/{pm_id}: the author removes their message (the client asks first). */
export async function deleteMessage(deps: AppDeps, callerId: number, groupId: number, pmId: number) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const thread = await loadThread(work.tx, groupId, callerId);
    const row = await ownMessage(work, thread, pmId);
    await removeMessage(work, thread.participants, row);
    return { ok: true };
  });
}

/**
 * Deletes the message in the caller's unit of work: every participant gets its DELETE, and readers who had
 * not read it may have one thread fewer waiting.
 */
async function removeMessage(work: Work, participants: Participant[], row: MessageRow) {
  await work.tx.delete(messages).where(eq(messages.id, row.id));
  await emitDeleted(work, { participants }, { group_id: row.groupId, pm_id: row.id });
  const unreadBy = participants.filter((p) => p.user.id !== row.authorId && p.lastReadId < row.id);
  await announceProfiles(
    work,
    unreadBy.map((p) => p.user.id),
  );
}

/** A removal decided elsewhere (a report, decision 0047): false when the message is gone already. */
export async function removeMessageById(work: Work, pmId: number): Promise<boolean> {
  const [row] = await work.tx.select().from(messages).where(eq(messages.id, pmId)).for('update');
  if (!row) return false;
  const { participants } = await participantsOf(work.tx, row.groupId);
  await removeMessage(work, participants, row);
  return true;
}

/** The message by its id if the caller takes part in its thread (404 otherwise), with its author's face. */
export async function openMessageById(db: Queryable, callerId: number, pmId: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, pmId)).limit(1);
  if (!row) throw notFound('No such message');
  await loadThread(db, row.groupId, callerId);
  return row;
}

const readForward = preparedForAny('pm_read_forward', (db) => {
  const message = sql.placeholder('message');
  return db
    .update(messageParticipants)
    .set({ lastReadMessageId: sql`${message}` })
    .where(
      and(
        eq(messageParticipants.groupId, sql.placeholder('group')),
        eq(messageParticipants.userId, sql.placeholder('reader')),
        lt(messageParticipants.lastReadMessageId, message),
      ),
    );
});

/**
 * The reader has seen the thread up to `messageId`, past the mark the caller read for them: their mark moves
 * forward only, in one UPDATE of their own row, so concurrent reads and sends neither lose a mark nor
 * deadlock, and their clients refetch the profiles (pending_pms_qty). The UPDATE goes with the event's
 * statement (decision 0094): when a concurrent read moved the mark first, the refetch is one too many, never
 * one too few.
 */
async function advanceRead(work: Work, groupId: number, readerId: number, messageId: number) {
  await writeWithNextStatement(work.tx, readForward(work.tx), {
    group: groupId,
    reader: readerId,
    message: messageId,
  });
  await announceProfiles(work, [readerId]);
}

/** POST /pms/read/{group_id}: the caller has seen the thread up to its newest message. */
export async function markRead(deps: AppDeps, callerId: number, groupId: number) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const thread = await loadThread(work.tx, groupId, callerId);
    const [newest] = await work.tx
      .select({ id: max(messages.id) })
      .from(messages)
      .where(eq(messages.groupId, groupId));
    const newestId = newest?.id ?? 0;
    if (newestId > thread.viewer.lastReadId) await advanceRead(work, groupId, callerId, newestId);
    return {
      group_id: groupId,
      last_read_pm_id: Math.max(thread.viewer.lastReadId, newestId),
      pending_pms_qty: await pendingThreadCount(work.tx, callerId),
    };
  });
}

/** Blocked either way comes first (403 blocked), then friendship (403 not_friends). */
async function assertAllFriends(db: Queryable, callerId: number, userIds: number[]) {
  await assertNoneBlocked(db, callerId, userIds);
  const relations = await relationsOf(db, callerId, userIds);
  if (userIds.some((id) => !relations.get(id)?.isFriend)) throw notFriends();
}

/** POST /pms/group: a named group of the caller and their friends, more than 2 in all. */
export async function createGroup(deps: AppDeps, creatorId: number, body: PmCreateGroupBody) {
  const participants = groupParticipants(creatorId, body.user_ids);
  return inTransaction(unitOfWork(deps), async (work) => {
    await assertAllFriends(
      work.tx,
      creatorId,
      participants.filter((id) => id !== creatorId),
    );
    const [group] = await work.tx
      .insert(messageGroups)
      .values({ isGroup: true, name: body.name?.trim() || null, createdBy: creatorId })
      .returning({ id: messageGroups.id });
    await work.tx
      .insert(messageParticipants)
      .values(participants.map((userId) => ({ groupId: group.id, userId })));
    for (const userId of participants) await recordInteraction(work, userId, StarTarget.GROUP, group.id);
    await announceProfiles(work, participants);
    return { id: group.id };
  });
}

/** POST /pms/direct: the one thread of the caller and a friend, opened on first use. */
export async function openDirect(deps: AppDeps, callerId: number, userId: number) {
  if (userId === callerId) throw badRequest('self', 'You cannot message yourself');
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    await assertAllFriends(work.tx, callerId, [userId]);
    const pairKey = pairKeyOf(callerId, userId);
    const [created] = await work.tx
      .insert(messageGroups)
      .values({ isGroup: false, pairKey, createdBy: callerId })
      .onConflictDoNothing({ target: messageGroups.pairKey })
      .returning({ id: messageGroups.id });
    if (created) {
      await work.tx.insert(messageParticipants).values([
        { groupId: created.id, userId: callerId },
        { groupId: created.id, userId },
      ]);
      return { group_id: created.id };
    }
    const [existing] = await work.tx
      .select({ id: messageGroups.id })
      .from(messageGroups)
      .where(eq(messageGroups.pairKey, pairKey));
    return { group_id: existing.id };
  });
}
