import { Urgency } from '@orbit/contract';
import type { Work } from '../../platform/tx';
import { standingIn } from '../communities';
import { faceAsSeenBy } from '../faces';
import { commentNotification, notify } from '../notifications';

interface CommentedPost {
  id: number;
  authorId: number;
  communityId: number | null;
}
interface NewComment {
  id: number;
  authorId: number;
  message: string;
  urgency: number;
}

/** COMMENTS to a post's author when someone else comments, unless it is urgent and they may not see it. */
export async function notifyComment(work: Work, post: CommentedPost, comment: NewComment) {
  if (comment.authorId === post.authorId) return;
  if (comment.urgency !== Urgency.NONE) {
    // Only experts see comments with an urgency (ARCHITECTURE §4).
    const expert =
      post.communityId !== null && (await standingIn(work.tx, post.communityId, post.authorId)).isExpert;
    if (!expert) return;
  }
  const author = await faceAsSeenBy(work.tx, post.authorId, comment.authorId);
  await notify(
    work,
    [post.authorId],
    commentNotification(
      author,
      { post_id: post.id, community_id: post.communityId },
      comment.id,
      comment.message,
    ),
  );
}
