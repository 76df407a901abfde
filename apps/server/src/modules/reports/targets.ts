import { ErrorCode, type ReportTargetType } from '@orbit/contract';
import type { Queryable } from '../../db/client';
import type { ReportSnapshotRow } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { assertMayRead, standingIn } from '../communities';
import { faceAsSeenBy } from '../faces';
import { openCommentById, openPostById, presentCommentFor, presentFor } from '../feeds';
import { findLesson } from '../lessons';
import { openMessageById } from '../messages';

/** What a report records of its target, as the reporter saw it when they reported it. */
export interface ReportedTarget {
  /** Whose experts read the report: the community the target lives in; null when only admins do. */
  communityId: number | null;
  /** The reported member: the target's author, or the member reported. */
  targetUserId: number | null;
  snapshot: ReportSnapshotRow;
}

type Resolver = (db: Queryable, callerId: number, id: number) => Promise<ReportedTarget>;

/**
 * What the caller may see of each kind of target, by the read rule of its own feature: anything else is a 404,
 * as if it did not exist (issue 14: a member reports only what they can see).
 */
const RESOLVERS: Record<ReportTargetType, Resolver> = {
  async user(db, callerId, id) {
    if (id === callerId) throw badRequest(ErrorCode.cannot_report_self, 'You cannot report yourself');
    const face = await faceAsSeenBy(db, callerId, id);
    return { communityId: null, targetUserId: id, snapshot: { text: '', authorName: face.name } };
  },

  async post(db, callerId, id) {
    const access = await openPostById(db, callerId, id);
    const post = await presentFor(db, callerId, access);
    const text = [post.message, post.poll_data?.question ?? ''].filter(Boolean).join('\n');
    return {
      communityId: access.post.communityId,
      targetUserId: access.post.authorId,
      snapshot: { text, authorName: post.author_screen_name },
    };
  },

  async comment(db, callerId, id) {
    const { access, comment } = await openCommentById(db, callerId, id);
    const presented = await presentCommentFor(db, callerId, access, comment);
    return {
      communityId: access.post.communityId,
      targetUserId: comment.authorId,
      snapshot: { text: presented.message, authorName: presented.author_screen_name },
    };
  },

  // The reporter's copy of a message in their thread is kept for the report only: the moderators read it there.
  async message(db, callerId, id) {
    const row = await openMessageById(db, callerId, id);
    // An erased member's message keeps no author (decision 0048): its snapshot names nobody.
    const author = row.authorId === null ? null : await faceAsSeenBy(db, callerId, row.authorId);
    const files = (row.attachments ?? []).map((file) => file.fileName);
    const text = [row.message, ...files].filter(Boolean).join('\n');
    return {
      communityId: null,
      targetUserId: row.authorId,
      snapshot: { text, authorName: author?.name ?? '' },
    };
  },

  // A community's report goes to the organisation admins, not to the experts it is about.
  async community(db, callerId, id) {
    const { community } = await assertMayRead(db, id, callerId);
    const text = [community.description, community.info].filter(Boolean).join('\n');
    return {
      communityId: null,
      targetUserId: community.createdBy,
      snapshot: { text, authorName: community.name },
    };
  },

  // "session" is a live lesson (docs/decisions/0037): its community's members see it.
  async session(db, callerId, id) {
    const lesson = await findLesson(db, id);
    if (!lesson || !(await standingIn(db, lesson.communityId, callerId)).isMember) {
      throw notFound('No such session');
    }
    const host = await faceAsSeenBy(db, callerId, lesson.instructorId);
    const text = [lesson.name, lesson.description].filter(Boolean).join('\n');
    return {
      communityId: lesson.communityId,
      targetUserId: lesson.instructorId,
      snapshot: { text, authorName: host.name },
    };
  },
};

export function targetSeenBy(db: Queryable, callerId: number, type: ReportTargetType, id: number) {
  return RESOLVERS[type](db, callerId, id);
}
