import { FileType, postImageUrl } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../platform/errors';
import { type IncomingFile, prepareImage } from './inspect';
import { openAttachment } from './policy';
import { attachmentBytes, removeStalePending, withStoredUploads } from './service';

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
