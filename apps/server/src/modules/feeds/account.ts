import { asc, eq, inArray, or } from 'drizzle-orm';
import { comments, pollVotes, postReactions, posts, users } from '../../db/schema';
import { type AccountPart, holdsMember, withoutMember } from '../../platform/account';
import type { Work } from '../../platform/tx';
import { announceComment, announcePost } from './events';
import { detachFiles } from './files';

/** The member's posts, those on their own feed and those addressed to them: each announced as deleted. */
async function erasePosts(work: Work, userId: number): Promise<string[]> {
  const doomed = await work.tx
    .select()
    .from(posts)
    .where(or(eq(posts.authorId, userId), eq(posts.ownerUserId, userId), eq(posts.targetUserId, userId)))
    .orderBy(asc(posts.id))
    .for('update');
  const keys: string[] = [];
  for (const post of doomed) {
    // The DELETE events open feeds remove the post by (decision 0048: it vanishes from others' screens).
    await announcePost(work, post, 'DELETE');
    keys.push(...(await detachFiles(work.tx, { postId: post.id })));
  }
  if (doomed.length > 0) {
    await work.tx.delete(posts).where(
      inArray(
        posts.id,
        doomed.map((p) => p.id),
      ),
    );
  }
  return keys;
}

/** The member's comments on others' posts, each announced as deleted to the post's readers. */
async function eraseComments(work: Work, userId: number): Promise<string[]> {
  const rows = await work.tx
    .select({ comment: comments, post: posts, author: users })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.authorId, userId))
    .orderBy(asc(comments.id))
    .for('update', { of: comments });
  const keys: string[] = [];
  for (const { comment, post, author } of rows) {
    await announceComment(work, post, comment, author, 'DELETE');
    keys.push(...(await detachFiles(work.tx, { commentId: comment.id })));
  }
  if (rows.length > 0) {
    await work.tx.delete(comments).where(
      inArray(
        comments.id,
        rows.map((r) => r.comment.id),
      ),
    );
  }
  return keys;
}

/** Others' posts and comments that @tagged the member keep their text and lose the member's id. */
async function untag(work: Work, userId: number) {
  await work.tx
    .update(posts)
    .set({ taggedUsers: withoutMember(posts.taggedUsers, userId) })
    .where(holdsMember(posts.taggedUsers, userId));
  await work.tx
    .update(comments)
    .set({ taggedUsers: withoutMember(comments.taggedUsers, userId) })
    .where(holdsMember(comments.taggedUsers, userId));
}

/** Posts, comments, poll votes and reactions (decision 0048). */
export const feedsAccount: AccountPart = {
  async exportOf(db, userId) {
    const written = await db.select().from(posts).where(eq(posts.authorId, userId)).orderBy(asc(posts.id));
    const said = await db
      .select()
      .from(comments)
      .where(eq(comments.authorId, userId))
      .orderBy(asc(comments.id));
    const votes = await db.select().from(pollVotes).where(eq(pollVotes.userId, userId));
    const reactions = await db.select().from(postReactions).where(eq(postReactions.userId, userId));
    return {
      posts: written.map((p) => ({
        post_id: p.id,
        community_id: p.communityId,
        feed_user_id: p.ownerUserId,
        type: p.type,
        message: p.message,
        privacy: p.privacy,
        tags: p.tags,
        poll: p.pollQuestion ? { question: p.pollQuestion, options: p.pollOptions } : null,
        activity: p.activity,
        created_at: p.createdAt.toISOString(),
        updated_at: p.updatedAt.toISOString(),
      })),
      comments: said.map((c) => ({
        comment_id: c.id,
        post_id: c.postId,
        message: c.message,
        urgency: c.urgency,
        created_at: c.createdAt.toISOString(),
      })),
      poll_votes: votes.map((v) => ({
        post_id: v.postId,
        option_index: v.optionIndex,
        voted_at: v.votedAt.toISOString(),
      })),
      reactions: reactions.map((r) => ({
        post_id: r.postId,
        kind: r.kind,
        value: r.value,
        created_at: r.createdAt.toISOString(),
      })),
    };
  },

  async erase(work, userId) {
    const keys = await erasePosts(work, userId);
    keys.push(...(await eraseComments(work, userId)));
    await untag(work, userId);
    return keys;
  },
};
