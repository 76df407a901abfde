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
import { chatSessionPosts, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest } from '../../platform/errors';
import { inTransaction } from '../../platform/tx';
import { ANONYMOUS_NAME } from '../feeds';
import { announce } from './events';
import { assertNotKicked, assertSessionMember } from './policy';
import { type PostRow, presentPost } from './presenter';
import { communityFaces, memberIdsOfCommunity, type SessionRow, viewersOf } from './queries';

/** The session post writer's rule (002 §5): trimmed, not empty, at most 65536 characters. */
export function sessionPostText(message: string): string {
  const text = message.trim();
  if (!text) throw badRequest('empty_post', 'A post needs a message');
  if (text.length > LIMITS.sessionPost) throw badRequest('post_max_size', 'post max size');
  return text;
}

async function presentPosts(db: Queryable, session: SessionRow, rows: PostRow[], viewerId: number) {
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const [faces, authors] = await Promise.all([
    communityFaces(db, session.communityId, authorIds),
    authorIds.length ? db.select().from(users).where(inArray(users.id, authorIds)) : Promise.resolve([]),
  ]);
  const aliases = new Map(
    authors.map((u) => [u.id, { name: u.alias ?? ANONYMOUS_NAME, image: avatarUrl(u.avatarImage) }]),
  );
  const viewer = { userId: viewerId, hostId: session.instructorId };
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
  sessionId: number,
): Promise<SessionPosts> {
  const { session } = await assertSessionMember(deps.db, userId, sessionId, communityId);
  const rows = await deps.db
    .select()
    .from(chatSessionPosts)
    .where(eq(chatSessionPosts.sessionId, sessionId))
    .orderBy(asc(chatSessionPosts.id));
  return { posts: await presentPosts(deps.db, session, rows, userId) };
}

/**
 * Who hears a running room's chat (CHAT NEW, the toast): the host and the viewers who entered, did not leave
 * and were not kicked, among the community's present members (`members`); never the author.
 */
async function roomAudience(db: Queryable, session: SessionRow, members: number[], authorId: number) {
  const inRoom = new Set([session.instructorId]);
  for (const row of await viewersOf(db, session.id)) if (row.present && !row.kicked) inRoom.add(row.userId);
  return members.filter((id) => id !== authorId && inRoom.has(id));
}

/**
 * A post in the session chat: every member of the community sees it arrive in the POSTS list
 * (SESSION_ACTIVITY NEW); in a running session the room's viewers also hear it as CHAT NEW (the toast).
 */
export async function createPost(
  deps: AppDeps,
  userId: number,
  communityId: number,
  sessionId: number,
  body: SessionPostBody,
) {
  const { session } = await assertSessionMember(deps.db, userId, sessionId, communityId);
  await assertNotKicked(deps.db, sessionId, userId);
  const message = sessionPostText(body.message);
  return inTransaction(unitOfWork(deps), async (work) => {
    const [row] = await work.tx
      .insert(chatSessionPosts)
      .values({
        sessionId,
        authorId: userId,
        message,
        identityType: body.identity_type ?? IdentityType.ANONYMOUS,
      })
      .returning();
    const [mine] = await presentPosts(work.tx, session, [row], userId);
    const members = await memberIdsOfCommunity(work.tx, communityId);
    const theirs: ChatEventData = { ...mine, me: false };
    const data = (post: typeof mine) => ({ kind: 'post' as const, session_id: sessionId, post });
    await announce(work, communityId, EventSubtype.NEW, data(theirs), { ownerId: userId, data: data(mine) });
    if (session.state === SessionState.RUNNING) {
      const audience = await roomAudience(work.tx, session, members, userId);
      await work.emit(audience, EventType.CHAT, EventSubtype.NEW, theirs);
    }
    return mine;
  });
}
