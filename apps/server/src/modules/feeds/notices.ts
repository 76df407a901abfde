import { IdentityType, PostPrivacy, PushType, pushTag, Urgency } from '@orbit/contract';
import type { Work } from '../../platform/tx';
import { type CommunityStanding, standingIn } from '../communities';
import { type MemberFace, presentMemberFace, type UserRow } from '../faces';
import { commentNotification, notify } from '../notifications';
import { queueCommunityPush } from '../push';
import type { PostRow } from './policy';

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
export async function notifyComment(
  work: Work,
  post: CommentedPost,
  comment: NewComment,
  /** The comment's author as the post's author sees them. */
  author: MemberFace,
) {
  if (comment.authorId === post.authorId) return;
  if (comment.urgency !== Urgency.NONE) {
    // Only experts see comments with an urgency (docs/product/README.md#server-enforces).
    const expert =
      post.communityId !== null && (await standingIn(work.tx, post.communityId, post.authorId)).isExpert;
    if (!expert) return;
  }
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

/**
 * A COMMUNITY push to the community's members when one of its experts posts there for everyone (decision
 * 0053): one row in the post's transaction, expanded into the members' pushes by the push workers after the
 * commit, so the post does not wait on the community's size. The expert is named by the face a non-friend
 * sees (one payload for the whole community, the persona rule kept); an anonymous post names nobody. Members
 * @tagged in it get their mention's push instead (the same tag, so one would replace the other).
 */
export async function pushExpertPost(
  work: Work,
  post: PostRow,
  standing: CommunityStanding | null,
  author: UserRow,
) {
  const communityId = post.communityId;
  // `standing` is the author's, as the check to post read it in this transaction: not read again.
  if (communityId === null || post.privacy !== PostPrivacy.PUBLIC || !standing?.isExpert) return;
  const anonymous = post.identityType === IdentityType.ANONYMOUS;
  const from = anonymous ? null : presentMemberFace(author, false).name;
  const cause = {
    type: PushType.COMMUNITY,
    from,
    title: standing.community.name,
    body: post.message,
    url: `/community/${communityId}/post/${post.id}`,
    tag: pushTag.post(post.id),
  };
  await queueCommunityPush(work, { communityId, cause, except: post.taggedUsers });
}
