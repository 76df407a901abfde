import {
  ActivityError,
  LEADERBOARD,
  type LeaderboardQuery,
  type LeaderboardResponse,
  type LeaderboardScore,
} from '@orbit/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activitySessions, communityMembers, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../platform/errors';
import { assertMayRead } from '../communities/policy';
import { relationsOf } from '../friends/service';
import { findUser, presentMemberFace, STRANGER, seesPersona, type UserRow } from '../users/service';
import { addDays, localDay, type Period, safeZone, startedWithin, weekOf } from './period';

interface Ranked {
  user_id: number;
  score: number;
  rank: number;
}

/**
 * The week's activity time per member, ranked, as the top of the board plus the caller's own line. One
 * statement: the week's sessions are read from activity_sessions_board_idx alone (started_at, user_id,
 * duration_ms), grouped per member, ranked by a window; a community board first narrows to its members.
 */
async function rankedScores(
  db: Queryable,
  callerId: number,
  period: Period,
  zone: string,
  communityId: number | null,
): Promise<Ranked[]> {
  const members =
    communityId === null
      ? sql``
      : sql`AND ${activitySessions.userId} IN (SELECT ${communityMembers.userId} FROM ${communityMembers} WHERE ${communityMembers.communityId} = ${communityId})`;
  const result = await db.execute(sql`
    WITH totals AS (
      SELECT ${activitySessions.userId} AS user_id, sum(${activitySessions.durationMs})::float8 AS score
      FROM ${activitySessions}
      WHERE ${startedWithin(period, zone)} ${members}
      GROUP BY ${activitySessions.userId}
    ), ranked AS (
      SELECT user_id, score, rank() OVER (ORDER BY score DESC) AS rank FROM totals
    )
    SELECT user_id, score, rank::int AS rank FROM ranked
    WHERE rank <= ${LEADERBOARD.size} OR user_id = ${callerId}
    ORDER BY rank, user_id
  `);
  return (result as unknown as { rows: Ranked[] }).rows.map((r) => ({
    user_id: Number(r.user_id),
    score: Number(r.score),
    rank: Number(r.rank),
  }));
}

function scoreOf(
  user: UserRow,
  row: Pick<Ranked, 'score'> & { rank: number | null },
  callerId: number,
  friend: boolean,
) {
  const me = user.id === callerId;
  const face = presentMemberFace(user, me || seesPersona(user, { isFriend: friend, direction: null }));
  return {
    user_id: user.id,
    rank: row.rank,
    identity: { screen_name: face.screen_name, image_url: face.image_url, persona_image: face.persona_image },
    score: row.score,
    is_me: me,
  } satisfies LeaderboardScore;
}

/** The board's community: the one picked (leaderboard_community_id), else the page's; global=true is everyone. */
function boardOf(query: LeaderboardQuery): number | null {
  if (query.global === true) return null;
  const communityId = query.leaderboard_community_id ?? query.community_id;
  if (communityId === undefined) {
    throw badRequest(ActivityError.leaderboard_needs_scope, 'Ask for a community_id or global=true');
  }
  return communityId;
}

/**
 * GET /user/community/leaderboard (001 §2, §7): this week's activity time (Monday start, the caller's time
 * zone), the caller first (001 §3), then the top members. A private community's board is its members' only.
 */
export async function leaderboard(
  deps: AppDeps,
  callerId: number,
  query: LeaderboardQuery,
  now = new Date(),
): Promise<LeaderboardResponse> {
  const db = deps.db;
  const communityId = boardOf(query);
  if (communityId !== null) await assertMayRead(db, communityId, callerId);
  const caller = await findUser(db, callerId);
  const zone = safeZone(caller.timezone);
  const period = weekOf(localDay(now, zone));
  const ranked = await rankedScores(db, callerId, period, zone, communityId);
  const ids = ranked.map((r) => r.user_id).filter((id) => id !== callerId);
  const [rows, relations] = await Promise.all([
    ids.length === 0 ? [] : db.select().from(users).where(inArray(users.id, ids)),
    relationsOf(db, callerId, ids),
  ]);
  const byId = new Map<number, UserRow>(rows.map((u) => [u.id, u]));
  const mine = ranked.find((r) => r.user_id === callerId) ?? { score: 0, rank: null };
  const others = ranked.filter((r) => r.user_id !== callerId && r.rank <= LEADERBOARD.size);
  return {
    scores: [
      scoreOf(caller, mine, callerId, false),
      ...others.flatMap((r) => {
        const user = byId.get(r.user_id);
        return user ? [scoreOf(user, r, callerId, (relations.get(r.user_id) ?? STRANGER).isFriend)] : [];
      }),
    ],
    community_id: communityId,
    start_date: period.from,
    end_date: addDays(period.until, -1),
  };
}
