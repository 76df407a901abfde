import { SessionState } from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { assertMember, type CommunityStanding } from '../communities';
import { findLesson, type LessonRow, viewerRow } from './queries';

export const noSuchLesson = () => notFound('No such session', 'no_such_session');
export const lessonEnded = () => new AppError(409, 'session_ended', 'This session has ended');

export interface LessonAccess {
  lesson: LessonRow;
  standing: CommunityStanding;
  /** The lesson host (instructor_id) is the expert of its chat (docs/product/calls-and-lessons.md#lesson-room, docs/product/calls-and-lessons.md#lesson-room). */
  isHost: boolean;
}

/**
 * A lesson is for its community's members only (a private community's lessons do not exist for others).
 * The route's community id must be the lesson's own, so an id from another community is a 404.
 */
export async function assertLessonMember(
  db: Queryable,
  userId: number,
  lessonId: number,
  communityId?: number,
): Promise<LessonAccess> {
  const lesson = await findLesson(db, lessonId);
  if (!lesson || (communityId !== undefined && lesson.communityId !== communityId)) throw noSuchLesson();
  const standing = await assertMember(db, lesson.communityId, userId);
  return { lesson, standing, isHost: lesson.instructorId === userId };
}

export function assertRunning(lesson: LessonRow) {
  if (lesson.state !== SessionState.RUNNING) throw lessonEnded();
}

/** Moderator actions (grant, ungrant, mute, kick, Q&A) are the host's alone, whatever a client sends. */
export function assertHost(access: LessonAccess) {
  if (!access.isHost) throw forbidden('Only the session host may do this', 'not_the_host');
}

/** A viewer the host kicked stays out: no credentials, no mic, no posts. */
export async function assertNotKicked(db: Queryable, lessonId: number, userId: number) {
  const row = await viewerRow(db, lessonId, userId);
  if (row?.kicked) throw forbidden('The expert has kicked you from the session', 'kicked');
  return row;
}
