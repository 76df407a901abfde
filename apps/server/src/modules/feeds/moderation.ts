import { EventSubtype, pushTag } from '@orbit/contract';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { comments, posts } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { Work } from '../../platform/tx';
import { withdrawPushes } from '../push';
import { announcePost } from './events';
import { detachFiles } from './files';
import type { CommentRow } from './loader';
import { openPost, type PostAccess, type PostRow, seesComment } from './policy';

/**
 * Moderation and reports (issue 14, decision 0047): a post or comment found by its id alone, as the caller
 * may see it wherever it lives, and its removal by whoever the caller's own rule lets remove it.
 */

/** A post by its id, in whichever feed it lives, if the caller may see it; 404 otherwise. */
export async function openPostById(db: Queryable, callerId: number, postId: number): Promise<PostAccess> {
  const [row] = await db
    .select({ communityId: posts.communityId })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  if (!row) throw notFound('No such post');
  return openPost(db, callerId, postId, { kind: row.communityId === null ? 'user' : 'community' });
}

/** The comment by its id, with its post, if the caller may see both; 404 otherwise. */
export async function openCommentById(db: Queryable, callerId: number, commentId: number) {
  const [comment] = await db.select().from(comments).where(eq(comments.id, commentId)).limit(1);
  if (!comment) throw notFound('No such comment');
  const access = await openPostById(db, callerId, comment.postId);
  if (!seesComment(access, comment.urgency)) throw notFound('No such comment');
  return { access, comment };
}

/**
 * Deletes the post and its comments in the caller's unit of work; its readers get the DELETE they get when
 * its author deletes it, and its pushes not yet sent are taken back. Answers the storage keys of its files, to
 * remove once the work has committed.
 */
export async function removePost(work: Work, post: PostRow): Promise<string[]> {
  await announcePost(work, post, EventSubtype.DELETE);
  await withdrawPushes(work, pushTag.post(post.id));
  const keys = await detachFiles(work.tx, { postId: post.id });
  await work.tx.delete(posts).where(eq(posts.id, post.id));
  return keys;
}

/** A moderator's view of a post: every comment visible, whatever its urgency. */
export function moderatorAccess(post: PostRow): PostAccess {
  return { post, isModerator: true, seesUrgent: true, isMember: false };
}

/** The post by its id, locked for a removal decided elsewhere (a report); null when it is gone already. */
export async function findPost(db: Queryable, postId: number): Promise<PostRow | null> {
  const [post] = await db.select().from(posts).where(eq(posts.id, postId)).for('update');
  return post ?? null;
}

/** The comment by its id with its post, locked for a removal decided elsewhere; null when either is gone. */
export async function findComment(db: Queryable, commentId: number) {
  const [row] = await db
    .select({ comment: comments, post: posts })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId))
    .for('update', { of: comments });
  return row ? { comment: row.comment as CommentRow, access: moderatorAccess(row.post) } : null;
}
