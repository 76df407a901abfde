import { EventSubtype, EventType } from '@orbit/contract';
import { and, asc, eq, inArray, like, ne, or } from 'drizzle-orm';
import { messageGroups, messageParticipants, messages } from '../../db/schema';
import type { AccountPart } from '../../platform/account';
import type { Work } from '../../platform/tx';
import { type MessageRow, presentMessage, stateFor } from './presenter';

/** Messages of each thread an open screen may show: the newest of the erased member's are re-sent as such. */
const ANNOUNCED_PER_THREAD = 100;

/**
 * The erased member's messages stay in their threads as a deleted member's, without text or files (decision
 * 0048); the other participants' open threads get them as PM UPDATE, the newest of each thread only (older
 * pages read them so from the database).
 */
async function announceErased(work: Work, userId: number, rows: MessageRow[]) {
  const groupIds = [...new Set(rows.map((r) => r.groupId))];
  if (groupIds.length === 0) return;
  const readers = await work.tx
    .select({
      groupId: messageParticipants.groupId,
      userId: messageParticipants.userId,
      lastReadId: messageParticipants.lastReadMessageId,
    })
    .from(messageParticipants)
    .where(and(inArray(messageParticipants.groupId, groupIds), ne(messageParticipants.userId, userId)));
  const newestFirst = [...rows].sort((a, b) => b.id - a.id);
  for (const groupId of groupIds) {
    const shown = newestFirst.filter((r) => r.groupId === groupId).slice(0, ANNOUNCED_PER_THREAD);
    for (const reader of readers.filter((r) => r.groupId === groupId)) {
      for (const row of shown) {
        const data = presentMessage(row, null, stateFor(row, reader.userId, reader.lastReadId));
        await work.emit([reader.userId], EventType.PM, EventSubtype.UPDATE, data);
      }
    }
  }
}

/** Messages the member sent, with their thread ids (decision 0048). */
export const messagesAccount: AccountPart = {
  async exportOf(db, userId) {
    const sent = await db
      .select()
      .from(messages)
      .where(eq(messages.authorId, userId))
      .orderBy(asc(messages.id));
    return {
      messages: sent.map((m) => ({
        pm_id: m.id,
        group_id: m.groupId,
        message: m.message,
        attachments: (m.attachments ?? []).map((a) => ({ file_name: a.fileName, size: a.size })),
        created_at: m.createdAt.toISOString(),
        edited: m.editedAt !== null,
      })),
    };
  },

  async erase(work, userId) {
    // Their files are the uploader's (the attachments part removes them); the rows keep their place.
    const rows = await work.tx
      .update(messages)
      .set({ authorId: null, message: '', attachments: null, editedAt: null })
      .where(eq(messages.authorId, userId))
      .returning();
    await announceErased(work, userId, rows);
    // A one-to-one thread's pair key names both members: the thread stays, no longer the pair's.
    await work.tx
      .update(messageGroups)
      .set({ pairKey: null })
      .where(or(like(messageGroups.pairKey, `${userId}:%`), like(messageGroups.pairKey, `%:${userId}`)));
    return [];
  },
};
