import { Urgency } from '@orbit/contract';
import { eq, inArray } from 'drizzle-orm';
import { communities, users } from '../../db/schema';
import type { Work } from '../../platform/tx';
import { standingIn } from '../communities/policy';
import { communityImageUrl } from '../communities/presenter';
import { onMembersTagged } from '../feeds/service';
import { relationOf } from '../friends/service';
import { findUser, presentMemberFace, seesPersona } from '../users/service';
import {
  commentNotification,
  communityInviteNotification,
  privateMessageNotification,
  tagNotification,
} from './entities';
import { notify } from './service';

/** How `viewerId` sees `userId`: persona for friends and public members, avatar identity otherwise. */
async function faceAsSeenBy(work: Work, viewerId: number, userId: number) {
  // One after the other: a transaction's client runs one query at a time.
  const user = await findUser(work.tx, userId);
  const relation = await relationOf(work.tx, viewerId, userId);
  return presentMemberFace(user, seesPersona(user, relation));
}

/** COMMUNITY_STAR to each member just invited into a community, in the inviting transaction. */
export async function notifyCommunityInvite(
  work: Work,
  communityId: number,
  inviterId: number,
  inviteeIds: number[],
) {
  if (inviteeIds.length === 0) return;
  const [community] = await work.tx.select().from(communities).where(eq(communities.id, communityId));
  const ref = {
    id: community.id,
    name: community.name,
    color: community.color,
    image_url: communityImageUrl(community),
  };
  for (const inviteeId of inviteeIds) {
    const inviter = await faceAsSeenBy(work, inviteeId, inviterId);
    await notify(work, [inviteeId], communityInviteNotification(ref, inviter));
  }
}

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
  const author = await faceAsSeenBy(work, post.authorId, comment.authorId);
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

/** ME_STAR to members newly @tagged in a post or comment (the feeds module's onMembersTagged hook). */
async function notifyTagged(work: Work, post: CommentedPost, memberIds: number[]) {
  const tagged = await work.tx
    .select({ name: users.username })
    .from(users)
    .where(inArray(users.id, memberIds));
  await notify(
    work,
    memberIds,
    tagNotification(
      { post_id: post.id, community_id: post.communityId },
      tagged.map((t) => t.name),
    ),
  );
}

let listeningForTags = false;
/** Subscribes to the feeds' tag hook once per process, however many apps are built in it. */
export function listenForTags() {
  if (listeningForTags) return;
  listeningForTags = true;
  onMembersTagged(notifyTagged);
}

interface SentMessage {
  groupId: number;
  authorId: number;
  message: string;
}

/** PRIVATE_MESSAGE to each other participant of the thread, the sender faced as each of them sees them. */
export async function notifyPrivateMessage(
  work: Work,
  sent: SentMessage,
  groupName: string | null,
  recipientIds: number[],
) {
  for (const recipientId of recipientIds) {
    const sender = await faceAsSeenBy(work, recipientId, sent.authorId);
    await notify(
      work,
      [recipientId],
      privateMessageNotification(sender, sent.groupId, sent.message, groupName),
    );
  }
}
