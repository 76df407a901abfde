import { FileType, postImageUrl } from '@orbit/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { attachments } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../platform/errors';
import { type IncomingFile, prepareImage } from './inspect';
import { openAttachment } from './policy';
import { type AttachmentRow, attachmentBytes, removeStalePending, withStoredUploads } from './service';

/**
 * POST /user/post_image: the composer's image, stored like any attachment (checked, re-encoded without its
 * metadata) and pending, seen by its uploader only, until the post that names it claims it.
 */
export async function uploadPostImage(deps: AppDeps, uploaderId: number, files: IncomingFile[]) {
  if (files.length !== 1) throw badRequest('validation', 'Send one image as the form file');
  const [row] = await withStoredUploads(
    deps,
    files,
    (uploads) => uploads.attachTo(deps.db, uploaderId, { pending: true }),
    prepareImage,
  );
  await removeStalePending(deps, uploaderId);
  return { image_id: row.id, image_url: postImageUrl(row.id) };
}

/** GET /user/post_image: the image, for whoever may see its post (its uploader while it is pending). */
export async function readPostImage(deps: AppDeps, viewerId: number, imageId: number) {
  const row = await openAttachment(deps.db, viewerId, imageId);
  if (row.type !== FileType.IMAGE) throw notFound('No such image');
  return { row, bytes: await attachmentBytes(deps, row) };
}

/**
 * The composer's post names its images ({id, type 1}): the uploader's pending images become the post's, in
 * the post's transaction. Another member's image, or one already used, refuses the post.
 */
export async function claimPostImages(
  db: Queryable,
  uploaderId: number,
  imageIds: number[],
  postId: number,
): Promise<AttachmentRow[]> {
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
