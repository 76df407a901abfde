import { SessionState } from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { assertMember, type CommunityStanding } from '../communities';
import { findSession, type SessionRow, viewerRow } from './queries';

export const noSuchSession = () => notFound('No such session', 'no_such_session');
export const sessionEnded = () => new AppError(409, 'session_ended', 'This session has ended');

export interface SessionAccess {
  session: SessionRow;
  standing: CommunityStanding;
  /** The session host (instructor_id) is the expert of its chat (001 §6, 002 §4). */
  isHost: boolean;
}

/**
 * A session is for its community's members only (a private community's sessions do not exist for others).
 * The route's community id must be the session's own, so an id from another community is a 404.
 */
export async function assertSessionMember(
  db: Queryable,
  userId: number,
  sessionId: number,
  communityId?: number,
): Promise<SessionAccess> {
  const session = await findSession(db, sessionId);
  if (!session || (communityId !== undefined && session.communityId !== communityId)) throw noSuchSession();
  const standing = await assertMember(db, session.communityId, userId);
  return { session, standing, isHost: session.instructorId === userId };
}

export function assertRunning(session: SessionRow) {
  if (session.state !== SessionState.RUNNING) throw sessionEnded();
}

/** Moderator actions (grant, ungrant, mute, kick, Q&A) are the host's alone, whatever a client sends. */
export function assertHost(access: SessionAccess) {
  if (!access.isHost) throw forbidden('Only the session host may do this', 'not_the_host');
}

/** A viewer the host kicked stays out: no credentials, no mic, no posts. */
export async function assertNotKicked(db: Queryable, sessionId: number, userId: number) {
  const row = await viewerRow(db, sessionId, userId);
  if (row?.kicked) throw forbidden('The expert has kicked you from the session', 'kicked');
  return row;
}
