import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { attachments, comments, messageParticipants, messages, posts } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { openPost, seesComment } from '../feeds';
import type { AttachmentRow } from './service';

const noSuchFile = () => notFound('No such file');

/** A message's files are its thread's participants' alone. */
async function assertParticipantOf(db: Queryable, viewerId: number, messageId: number) {
  const [seen] = await db
    .select({ groupId: messages.groupId })
    .from(messages)
    .innerJoin(
      messageParticipants,
      and(eq(messageParticipants.groupId, messages.groupId), eq(messageParticipants.userId, viewerId)),
    )
    .where(eq(messages.id, messageId))
    .limit(1);
  if (!seen) throw noSuchFile();
}

/**
 * The attachment, if the viewer may see what holds it: the post (the feeds module's visibility: private
 * communities, private posts, friends-only member feeds), and for a comment its urgency too. A pending
 * composer image is its uploader's alone; a
 * message's files are its participants'. Everything else is a 404, as if it did not exist.
 */
export async function openAttachment(db: Queryable, viewerId: number, id: number): Promise<AttachmentRow> {
  const [found] = await db
    .select({
      attachment: attachments,
      postId: posts.id,
      communityId: posts.communityId,
      commentUrgency: comments.urgency,
    })
    .from(attachments)
    .leftJoin(comments, eq(comments.id, attachments.commentId))
    .leftJoin(posts, eq(posts.id, sql`coalesce(${attachments.postId}, ${comments.postId})`))
    .where(eq(attachments.id, id))
    .limit(1);
  if (!found) throw noSuchFile();
  const { attachment, postId, communityId, commentUrgency } = found;
  if (attachment.messageId !== null) {
    await assertParticipantOf(db, viewerId, attachment.messageId);
    return attachment;
  }
  if (postId === null) {
    if (attachment.uploaderId !== viewerId) throw noSuchFile();
    return attachment;
  }
  const place = communityId === null ? ({ kind: 'user' } as const) : ({ kind: 'community' } as const);
  const access = await openPost(db, viewerId, postId, place);
  if (commentUrgency !== null && !seesComment(access, commentUrgency)) throw noSuchFile();
  return attachment;
}
