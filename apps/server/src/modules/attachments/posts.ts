import { EventSubtype, type FeedAttachment, type FeedPost } from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest } from '../../platform/errors';
import { inTransaction } from '../../platform/tx';
import {
  announcePost,
  assertAuthor,
  assertMayPostOn,
  type FeedPlace,
  openPost,
  type PostInput,
  presentAttachment,
  publishNewPost,
  writePost,
} from '../feeds';
import type { IncomingFile } from './inspect';
import { withStoredUploads } from './service';

export const noFiles = () => badRequest('no_files', 'Send at least one file');

/**
 * POST /users/{id}/attachments and /communities/{id}/attachments: the post and its first files in one
 * transaction, announced once with its attachments. The feeds module writes the post and keeps its rules.
 */
export async function createPostWithFiles(
  deps: AppDeps,
  callerId: number,
  place: Required<FeedPlace>,
  input: PostInput,
  files: IncomingFile[],
): Promise<{ feed_id: number; attachments: FeedAttachment[]; post: FeedPost }> {
  // Refused callers are turned away before their files are checked and stored.
  await assertMayPostOn(deps.db, callerId, place);
  return withStoredUploads(deps, files, (uploads) =>
    inTransaction(unitOfWork(deps, callerId), async (work) => {
      const written = await writePost(work, callerId, place, input, { hasAttachments: uploads.count > 0 });
      const { post } = written;
      const rows = await uploads.attachTo(work.tx, callerId, { postId: post.id });
      const shown = await publishNewPost(deps, work, written);
      return { feed_id: post.id, attachments: rows.map(presentAttachment), post: shown };
    }),
  );
}

/** The put paths of a post: a further file of the caller's own post; its readers get the post's UPDATE. */
export async function addFilesToPost(
  deps: AppDeps,
  callerId: number,
  place: Required<FeedPlace>,
  postId: number,
  files: IncomingFile[],
): Promise<{ attachments: FeedAttachment[] }> {
  if (files.length === 0) throw noFiles();
  const openOwnPost = async (db: Queryable) => {
    const access = await openPost(db, callerId, postId, place);
    assertAuthor(access.post.authorId, callerId);
    return access.post;
  };
  await openOwnPost(deps.db);
  return withStoredUploads(deps, files, (uploads) =>
    inTransaction(unitOfWork(deps, callerId), async (work) => {
      const post = await openOwnPost(work.tx);
      const rows = await uploads.attachTo(work.tx, callerId, { postId: post.id });
      await announcePost(work, post, EventSubtype.UPDATE);
      return { attachments: rows.map(presentAttachment) };
    }),
  );
}
