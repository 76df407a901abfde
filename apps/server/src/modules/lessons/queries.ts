import { SessionMicState, SessionState } from '@orbit/contract';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { communityMembers, lessons, lessonViewers, users } from '../../db/schema';
import { joinedAsPersona, type MemberFace, presentMemberFace } from '../faces';

export type LessonRow = typeof lessons.$inferSelect;
export type ViewerRow = typeof lessonViewers.$inferSelect;

export async function findLesson(db: Queryable, lessonId: number): Promise<LessonRow | null> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  return row ?? null;
}

/** A community's lessons, newest first; `liveOnly` keeps the RUNNING ones (chat-sessions-live). */
export async function lessonsOf(db: Queryable, communityId: number, liveOnly: boolean) {
  const inCommunity = eq(lessons.communityId, communityId);
  return db
    .select()
    .from(lessons)
    .where(liveOnly ? and(inCommunity, eq(lessons.state, SessionState.RUNNING)) : inCommunity)
    .orderBy(desc(lessons.startTime), desc(lessons.id));
}

/** Members as the community shows them: under the identity each joined with (persona or avatar). */
export async function communityFaces(
  db: Queryable,
  communityId: number,
  userIds: number[],
): Promise<Map<number, MemberFace>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ user: users, identity: communityMembers.identity })
    .from(users)
    .leftJoin(
      communityMembers,
      and(eq(communityMembers.userId, users.id), eq(communityMembers.communityId, communityId)),
    )
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.user.id, presentMemberFace(r.user, joinedAsPersona(r.identity))]));
}

export async function memberIdsOfCommunity(db: Queryable, communityId: number): Promise<number[]> {
  const rows = await db
    .select({ id: communityMembers.userId })
    .from(communityMembers)
    .where(eq(communityMembers.communityId, communityId));
  return rows.map((r) => r.id);
}

export async function viewerRow(db: Queryable, lessonId: number, userId: number): Promise<ViewerRow | null> {
  const [row] = await db
    .select()
    .from(lessonViewers)
    .where(and(eq(lessonViewers.lessonId, lessonId), eq(lessonViewers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function viewersOf(db: Queryable, lessonId: number): Promise<ViewerRow[]> {
  return db
    .select()
    .from(lessonViewers)
    .where(eq(lessonViewers.lessonId, lessonId))
    .orderBy(asc(lessonViewers.requestedAt), asc(lessonViewers.userId));
}

/** The grant queue in request order: the first is "Next:", the second "2nd:". */
export async function queueOf(db: Queryable, lessonId: number): Promise<number[]> {
  const rows = await db
    .select({ id: lessonViewers.userId })
    .from(lessonViewers)
    .where(
      and(
        eq(lessonViewers.lessonId, lessonId),
        eq(lessonViewers.mic, SessionMicState.REQUESTED),
        isNotNull(lessonViewers.requestedAt),
      ),
    )
    .orderBy(asc(lessonViewers.requestedAt), asc(lessonViewers.userId));
  return rows.map((r) => r.id);
}

export async function grantedOf(db: Queryable, lessonId: number): Promise<number[]> {
  const rows = await db
    .select({ id: lessonViewers.userId })
    .from(lessonViewers)
    .where(and(eq(lessonViewers.lessonId, lessonId), eq(lessonViewers.mic, SessionMicState.GRANTED)))
    .orderBy(asc(lessonViewers.userId));
  return rows.map((r) => r.id);
}
