import { inArray } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Work } from '../../platform/tx';
import type { MemberFace } from '../faces';
import { privateMessageNotification, tagNotification } from './entities';
import { notify } from './service';

interface TaggedPost {
  id: number;
  communityId: number | null;
}

/** ME_STAR to members newly @tagged in a post or comment: the feeds' membersTagged hook (wiring.ts). */
export async function notifyTagged(work: Work, post: TaggedPost, memberIds: number[]) {
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
  recipients: { id: number; sender: MemberFace }[],
) {
  for (const { id, sender } of recipients) {
    await notify(work, [id], privateMessageNotification(sender, sent.groupId, sent.message, groupName));
  }
}
