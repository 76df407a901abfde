import { EventSubtype, type FeedAttachment } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { comments, posts } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { notFound } from '../../platform/errors';
import { inTransaction } from '../../platform/tx';
import type { UserRow } from '../faces';
import {
  announceComment,
  assertAuthor,
  type CommentInput,
  type FeedPlace,
  openForComment,
  openPost,
  presentAttachment,
  publishNewComment,
  seesComment,
  usersByIds,
  writeComment,
} from '../feeds';
import type { IncomingFile } from './inspect';
import { noFiles } from './posts';
import { withStoredUploads } from './service';

/** Which put path was called: user feeds' comments or community comments. */
export type CommentFeedKind = 'user' | 'community';

const noSuchComment = () => notFound('No such comment');

/**
 * The caller's own comment, by id alone (the put paths name no post): the feeds module decides whether the
 * caller sees its post and the comment (urgency), and that the caller wrote it.
 */
async function openOwnComment(db: Queryable, callerId: number, kind: CommentFeedKind, commentId: number) {
  const [found] = await db
    .select({ comment: comments, communityId: posts.communityId })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId))
    .limit(1);
  if (!found || (found.communityId === null) !== (kind === 'user')) throw noSuchComment();
  const access = await openPost(db, callerId, found.comment.postId, { kind });
  if (!seesComment(access, found.comment.urgency)) throw noSuchComment();
  assertAuthor(found.comment.authorId, callerId);
  return { access, comment: found.comment };
}

/**
 * POST /users/{owner}/feeds/{feed}/attachments and /communities/{c}/feeds/{f}/attachments: the comment and
 * its first files in one transaction, announced once with its attachments. The feeds module keeps its rules.
 */
export async function createCommentWithFiles(
  deps: AppDeps,
  callerId: number,
  postId: number,
  place: Required<FeedPlace>,
  input: CommentInput,
  files: IncomingFile[],
): Promise<{ comment_id: number; attachments: FeedAttachment[] }> {
  // Refused callers are turned away before their files are checked and stored.
  await openForComment(deps.db, callerId, postId, place);
  return withStoredUploads(deps, files, (uploads) =>
    inTransaction(unitOfWork(deps, callerId), async (work) => {
      const hasAttachments = uploads.count > 0;
      const { access, ...written } = await writeComment(work, callerId, postId, place, input, {
        hasAttachments,
      });
      const { comment } = written;
      const rows = await uploads.attachTo(work.tx, callerId, { commentId: comment.id });
      await publishNewComment(deps, work, access, written);
      return { comment_id: comment.id, attachments: rows.map(presentAttachment) };
    }),
  );
}

/** POST /comments/{id}/attachments-put and /community/comments/{id}/attachments-put: a further file of one's own comment. */
export async function addFilesToComment(
  deps: AppDeps,
  callerId: number,
  kind: CommentFeedKind,
  commentId: number,
  files: IncomingFile[],
): Promise<{ attachments: FeedAttachment[] }> {
  if (files.length === 0) throw noFiles();
  await openOwnComment(deps.db, callerId, kind, commentId);
  return withStoredUploads(deps, files, (uploads) =>
    inTransaction(unitOfWork(deps, callerId), async (work) => {
      const { access, comment } = await openOwnComment(work.tx, callerId, kind, commentId);
      const rows = await uploads.attachTo(work.tx, callerId, { commentId });
      const [author] = (await usersByIds(work.tx, [comment.authorId])).values();
      await announceComment(work, access.post, comment, author as UserRow, EventSubtype.UPDATE);
      return { attachments: rows.map(presentAttachment) };
    }),
  );
}
