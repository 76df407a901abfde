import { FileType } from '@orbit/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, Tx } from '../../db/client';
import { attachments, comments } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import type { Storage } from '../../platform/storage';

export type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Deletes the attachment rows of a post (its comments' too) or of a comment that is about to be deleted,
 * answering their storage keys: the rows would go with the cascade, but the bytes need the keys.
 */
export async function detachFiles(tx: Tx, holder: { postId: number } | { commentId: number }) {
  const held =
    'postId' in holder
      ? or(
          eq(attachments.postId, holder.postId),
          inArray(
            attachments.commentId,
            tx.select({ id: comments.id }).from(comments).where(eq(comments.postId, holder.postId)),
          ),
        )
      : eq(attachments.commentId, holder.commentId);
  const removed = await tx.delete(attachments).where(held).returning({ storageKey: attachments.storageKey });
  return removed.map((row) => row.storageKey);
}

/**
 * Removes bytes whose rows are already gone, after the commit (a rolled-back deletion keeps its files).
 * A failure is logged, not thrown: the deletion the caller asked for has happened.
 */
export async function removeStoredFiles(storage: Storage, storageKeys: string[], log: WarnLog) {
  const results = await Promise.allSettled(storageKeys.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') {
      log.warn({ err: result.reason, storageKey: storageKeys[i] }, 'a deleted file stays in storage');
    }
  });
}

/**
 * The composer's post names its images ({id, type 1}): the uploader's pending images become the post's, in
 * the post's transaction. Another member's image, or one already used, refuses the post. (The attachments
 * module uploads them; the post claims them here, so that writing a post needs nothing from that module.)
 */
export async function claimPostImages(
  db: Queryable,
  uploaderId: number,
  imageIds: number[],
  postId: number,
): Promise<(typeof attachments.$inferSelect)[]> {
  const ids = [...new Set(imageIds)];
  if (ids.length === 0) return [];
  const claimed = await db
    .update(attachments)
    .set({ postId })
    .where(
      and(
        inArray(attachments.id, ids),
        eq(attachments.uploaderId, uploaderId),
        eq(attachments.type, FileType.IMAGE),
        isNull(attachments.postId),
        isNull(attachments.commentId),
      ),
    )
    .returning();
  if (claimed.length !== ids.length) {
    throw badRequest('invalid_attachment', 'An attached image is not yours or is already used');
  }
  return claimed;
}
