import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { lessonPosts, lessons } from '../../db/schema';
import type { AccountPart } from '../../platform/account';

/**
 * Lessons the member hosted and their chat posts (decision 0048). A hosted lesson goes with its host (the
 * cascade), its recording with it.
 */
export const lessonsAccount: AccountPart = {
  async exportOf(db, userId) {
    const hosted = await db
      .select({
        lesson_id: lessons.id,
        community_id: lessons.communityId,
        name: lessons.name,
        description: lessons.description,
        start_time: lessons.startTime,
      })
      .from(lessons)
      .where(eq(lessons.instructorId, userId))
      .orderBy(asc(lessons.id));
    const said = await db
      .select()
      .from(lessonPosts)
      .where(eq(lessonPosts.authorId, userId))
      .orderBy(asc(lessonPosts.id));
    return {
      lessons_hosted: hosted.map((l) => ({ ...l, start_time: l.start_time.toISOString() })),
      lesson_posts: said.map((p) => ({
        lesson_id: p.lessonId,
        message: p.message,
        created_at: p.createdAt.toISOString(),
      })),
    };
  },

  async erase(work, userId) {
    const recorded = await work.tx
      .select({ key: lessons.mediaKey })
      .from(lessons)
      .where(and(eq(lessons.instructorId, userId), isNotNull(lessons.mediaKey)));
    return recorded.flatMap((r) => (r.key ? [r.key] : []));
  },
};
