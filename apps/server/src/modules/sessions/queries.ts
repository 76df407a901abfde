import { CommunityIdentity, SessionMicState, SessionState } from '@orbit/contract';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { chatSessions, chatSessionViewers, communityMembers, users } from '../../db/schema';
import { type MemberFace, presentMemberFace } from '../faces';

export type SessionRow = typeof chatSessions.$inferSelect;
export type ViewerRow = typeof chatSessionViewers.$inferSelect;

export async function findSession(db: Queryable, sessionId: number): Promise<SessionRow | null> {
  const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, sessionId)).limit(1);
  return row ?? null;
}

/** A community's sessions, newest first; `liveOnly` keeps the RUNNING ones (chat-sessions-live). */
export async function sessionsOf(db: Queryable, communityId: number, liveOnly: boolean) {
  const inCommunity = eq(chatSessions.communityId, communityId);
  return db
    .select()
    .from(chatSessions)
    .where(liveOnly ? and(inCommunity, eq(chatSessions.state, SessionState.RUNNING)) : inCommunity)
    .orderBy(desc(chatSessions.startTime), desc(chatSessions.id));
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
  return new Map(
    rows.map((r) => [
      r.user.id,
      presentMemberFace(r.user, (r.identity ?? CommunityIdentity.PERSONA) === CommunityIdentity.PERSONA),
    ]),
  );
}

export async function memberIdsOfCommunity(db: Queryable, communityId: number): Promise<number[]> {
  const rows = await db
    .select({ id: communityMembers.userId })
    .from(communityMembers)
    .where(eq(communityMembers.communityId, communityId));
  return rows.map((r) => r.id);
}

export async function viewerRow(db: Queryable, sessionId: number, userId: number): Promise<ViewerRow | null> {
  const [row] = await db
    .select()
    .from(chatSessionViewers)
    .where(and(eq(chatSessionViewers.sessionId, sessionId), eq(chatSessionViewers.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function viewersOf(db: Queryable, sessionId: number): Promise<ViewerRow[]> {
  return db
    .select()
    .from(chatSessionViewers)
    .where(eq(chatSessionViewers.sessionId, sessionId))
    .orderBy(asc(chatSessionViewers.requestedAt), asc(chatSessionViewers.userId));
}

/** The grant queue in request order: the first is "Next:", the second "2nd:". */
export async function queueOf(db: Queryable, sessionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatSessionViewers.userId })
    .from(chatSessionViewers)
    .where(
      and(
        eq(chatSessionViewers.sessionId, sessionId),
        eq(chatSessionViewers.mic, SessionMicState.REQUESTED),
        isNotNull(chatSessionViewers.requestedAt),
      ),
    )
    .orderBy(asc(chatSessionViewers.requestedAt), asc(chatSessionViewers.userId));
  return rows.map((r) => r.id);
}

export async function grantedOf(db: Queryable, sessionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatSessionViewers.userId })
    .from(chatSessionViewers)
    .where(
      and(eq(chatSessionViewers.sessionId, sessionId), eq(chatSessionViewers.mic, SessionMicState.GRANTED)),
    )
    .orderBy(asc(chatSessionViewers.userId));
  return rows.map((r) => r.id);
}
