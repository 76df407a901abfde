import {
  avatarUrl,
  type ChatEventData,
  EventSubtype,
  EventType,
  IdentityType,
  LIMITS,
  type SessionPostBody,
  type SessionPosts,
  SessionState,
} from '@orbit/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { runQueries } from '../../db/queries';
import { lessonPosts, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest } from '../../platform/errors';
import { inTransaction } from '../../platform/tx';
import { ANONYMOUS_NAME } from '../feeds';
import { announce } from './events';
import { assertLessonMember, assertNotKicked } from './policy';
import { type PostRow, presentPost } from './presenter';
import { communityFaces, type LessonRow, memberIdsOfCommunity, viewersOf } from './queries';

/** The lesson post writer's rule (docs/product/calls-and-lessons.md#lesson-posts): trimmed, not empty, at most 65536 characters. */
export function lessonPostText(message: string): string {
  const text = message.trim();
  if (!text) throw badRequest('empty_post', 'A post needs a message');
  if (text.length > LIMITS.sessionPost) throw badRequest('post_max_size', 'post max size');
  return text;
}

async function presentPosts(db: Queryable, lesson: LessonRow, rows: PostRow[], viewerId: number) {
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const [faces, authors] = await runQueries(db, [
    () => communityFaces(db, lesson.communityId, authorIds),
    async () => (authorIds.length ? db.select().from(users).where(inArray(users.id, authorIds)) : []),
  ]);
  const aliases = new Map(
    authors.map((u) => [u.id, { name: u.alias ?? ANONYMOUS_NAME, image: avatarUrl(u.avatarImage) }]),
  );
  const viewer = { userId: viewerId, hostId: lesson.instructorId };
  return rows.map((row) =>
    presentPost(
      row,
      faces.get(row.authorId),
      aliases.get(row.authorId) ?? { name: ANONYMOUS_NAME, image: null },
      viewer,
    ),
  );
}

export async function listPosts(
  deps: AppDeps,
  userId: number,
  communityId: number,
  lessonId: number,
): Promise<SessionPosts> {
  const { lesson } = await assertLessonMember(deps.db, userId, lessonId, communityId);
  const rows = await deps.db
    .select()
    .from(lessonPosts)
    .where(eq(lessonPosts.lessonId, lessonId))
    .orderBy(asc(lessonPosts.id));
  return { posts: await presentPosts(deps.db, lesson, rows, userId) };
}

/**
 * Who hears a running room's chat (CHAT NEW, the toast): the host and the viewers who entered, did not leave
 * and were not kicked, among the community's present members (`members`); never the author.
 */
async function roomAudience(db: Queryable, lesson: LessonRow, members: number[], authorId: number) {
  const inRoom = new Set([lesson.instructorId]);
  for (const row of await viewersOf(db, lesson.id)) if (row.present && !row.kicked) inRoom.add(row.userId);
  return members.filter((id) => id !== authorId && inRoom.has(id));
}

/**
 * A post in the lesson chat: every member of the community sees it arrive in the POSTS list
 * (SESSION_ACTIVITY NEW); in a running lesson the room's viewers also hear it as CHAT NEW (the toast).
 */
export async function createPost(
  deps: AppDeps,
  userId: number,
  communityId: number,
  lessonId: number,
  body: SessionPostBody,
) {
  const { lesson } = await assertLessonMember(deps.db, userId, lessonId, communityId);
  await assertNotKicked(deps.db, lessonId, userId);
  const message = lessonPostText(body.message);
  return inTransaction(unitOfWork(deps, userId), async (work) => {
    const [row] = await work.tx
      .insert(lessonPosts)
      .values({
        lessonId,
        authorId: userId,
        message,
        identityType: body.identity_type ?? IdentityType.ANONYMOUS,
      })
      .returning();
    const [mine] = await presentPosts(work.tx, lesson, [row], userId);
    const members = await memberIdsOfCommunity(work.tx, communityId);
    const theirs: ChatEventData = { ...mine, me: false };
    const data = (post: typeof mine) => ({ kind: 'post' as const, session_id: lessonId, post });
    await announce(work, communityId, EventSubtype.NEW, data(theirs), { ownerId: userId, data: data(mine) });
    if (lesson.state === SessionState.RUNNING) {
      const audience = await roomAudience(work.tx, lesson, members, userId);
      await work.emit(audience, EventType.CHAT, EventSubtype.NEW, theirs);
    }
    return mine;
  });
}
