import { asc, eq } from 'drizzle-orm';
import { attachments } from '../../db/schema';
import type { AccountPart } from '../../platform/account';

/**
 * Every file the member attached to a post, a comment or a message, and those still pending (decision 0048):
 * embedded in the export, removed with the account.
 */
export const attachmentsAccount: AccountPart = {
  async exportOf(db, userId, files) {
    const rows = await db
      .select()
      .from(attachments)
      .where(eq(attachments.uploaderId, userId))
      .orderBy(asc(attachments.id));
    const attached = [];
    for (const row of rows) {
      const file = await files.embed({
        kind: 'attachment',
        file_name: row.fileName,
        mime: row.mime,
        size: row.size,
        created_at: row.createdAt.toISOString(),
        storageKey: row.storageKey,
      });
      attached.push({ ...file, post_id: row.postId, comment_id: row.commentId, pm_id: row.messageId });
    }
    return { files: attached };
  },

  async erase(work, userId) {
    const removed = await work.tx
      .delete(attachments)
      .where(eq(attachments.uploaderId, userId))
      .returning({ storageKey: attachments.storageKey });
    return removed.map((row) => row.storageKey);
  },
};
