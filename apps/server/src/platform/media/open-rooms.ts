import { SessionState } from '@orbit/contract';
import { count, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { calls, lessons } from '../../db/schema';

/** A live lesson holds two rooms on its gateway (the host's video room and the audio bridge); a call one. */
const SESSION_ROOMS = 2;

/**
 * The rooms open on each gateway, counted from Orbit's own records: every instance sharing the database
 * sees the same figures, and nothing needs rebuilding after a restart (docs/decisions/0027).
 */
export async function openRoomsByGateway(db: Queryable): Promise<Map<string, number>> {
  const [liveCalls, liveLessons] = await Promise.all([
    db
      .select({ name: calls.janusGateway, rooms: count() })
      .from(calls)
      .where(isNull(calls.endedAt))
      .groupBy(calls.janusGateway),
    db
      .select({ name: lessons.janusGateway, rooms: count() })
      .from(lessons)
      .where(eq(lessons.state, SessionState.RUNNING))
      .groupBy(lessons.janusGateway),
  ]);
  const rooms = new Map<string, number>();
  for (const { name, rooms: n } of liveCalls) rooms.set(name, (rooms.get(name) ?? 0) + n);
  for (const { name, rooms: n } of liveLessons) rooms.set(name, (rooms.get(name) ?? 0) + SESSION_ROOMS * n);
  return rooms;
}
