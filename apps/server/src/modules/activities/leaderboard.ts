import {
  ErrorCode,
  LEADERBOARD,
  type LeaderboardQuery,
  type LeaderboardResponse,
  type LeaderboardScore,
} from '@orbit/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parsedJson } from '../../db/json-rows';
import { preparedPerDatabase } from '../../db/prepared';
import { activityBoardEpochs, activityLogs, communityMembers } from '../../db/schema';
import type { AppDeps, KeptLeaderboard } from '../../deps';
import { badRequest, notFound } from '../../platform/errors';
import { personalStreamSql, type StreamsAt } from '../../platform/realtime/history';
import { hiddenIdsSql } from '../blocks';
import { assertMayRead } from '../communities';
import { type FaceRow, faceSeenBy, facesJsonSql, publicCounts, wellbeingOfSql } from '../faces';
import {
  addDays,
  type DaySql,
  inMemberZone,
  localDay,
  type Period,
  startedWithin,
  startOf,
  weekOf,
  zoneOfMember,
} from './period';

/**
 * A week's ranking: every member with activity in it, by score (the week's activity time) descending, then
 * user id, with the rank SQL's rank() would give (ties share a rank, the next rank skips). Typed arrays, so
 * that a kept board of a large membership stays small.
 */
interface Board {
  /** activity_board_epochs over the board's weeks, read before the ranking: '' when it is not kept. */
  epoch: string;
  ids: Int32Array;
  scores: Float64Array;
  ranks: Int32Array;
  /** How many of the first entries are within the board's size (ties at the last rank included). */
  top: number;
}

function boardOf(rows: { userId: number; score: number }[], epoch: string): Board {
  const ids = new Int32Array(rows.length);
  const scores = new Float64Array(rows.length);
  const ranks = new Int32Array(rows.length);
  let top = 0;
  rows.forEach((row, i) => {
    ids[i] = row.userId;
    scores[i] = Number(row.score);
    ranks[i] = i > 0 && scores[i] === scores[i - 1] ? (ranks[i - 1] as number) : i + 1;
    if ((ranks[i] as number) <= LEADERBOARD.size) top = i + 1;
  });
  return { epoch, ids, scores, ranks, top };
}

/** The caller's local week, bound at each call: their zone and its first and next Monday. */
const week = {
  zone: sql.placeholder('zone'),
  from: sql.placeholder('from'),
  until: sql.placeholder('until'),
};
type WindowValues = { zone: string; from: string; until: string };

/**
 * The week's activity time per member, highest first. The global board reads a week of everyone's sessions
 * from activity_logs_board_idx alone (started_at, user_id, duration_ms); a community's first narrows to
 * its members.
 */
const rankingStatements = preparedPerDatabase((db) => {
  const ranking = (community: boolean, name: string) =>
    db
      .select({
        userId: activityLogs.userId,
        score: sql<number>`sum(${activityLogs.durationMs})::float8`,
      })
      .from(activityLogs)
      .where(
        and(
          startedWithin(week, week.zone),
          community
            ? inArray(
                activityLogs.userId,
                db
                  .select({ id: communityMembers.userId })
                  .from(communityMembers)
                  .where(eq(communityMembers.communityId, sql.placeholder('community'))),
              )
            : undefined,
        ),
      )
      .groupBy(activityLogs.userId)
      .orderBy(sql`2 DESC`, activityLogs.userId)
      .prepare(name);
  return {
    global: ranking(false, 'activity_board_global'),
    community: ranking(true, 'activity_board_community'),
  };
});

/**
 * The caller (their zone and wellbeing mode) and the members to show, with whether each is the caller's friend
 * (their face depends on it), and the epoch of the board's weeks, in one statement:
 * every UTC week (Monday start) the caller's local week overlaps. The epoch is read in the same snapshot as
 * the members, so when it equals a kept board's, no session changed since that board was read.
 */
const facesStatement = preparedPerDatabase((db) => {
  const utcWeekOf = (day: DaySql) =>
    sql`date_trunc('week', ${startOf(day, week.zone)} AT TIME ZONE 'UTC')::date`;
  const epoch = db
    .select({ changes: sql`coalesce(sum(${activityBoardEpochs.changes}), 0)::text` })
    .from(activityBoardEpochs)
    .where(
      and(
        sql`${activityBoardEpochs.week} >= ${utcWeekOf(week.from)}`,
        sql`${activityBoardEpochs.week} <= ${utcWeekOf(week.until)}`,
      ),
    );
  const caller = sql.placeholder('caller');
  return db
    .select({
      epoch: sql<string>`(${epoch})`,
      callerZone: zoneOfMember(caller),
      wellbeing: wellbeingOfSql(caller),
      faces: facesJsonSql(caller, sql.placeholder('ids')),
      hidden: hiddenIdsSql(caller),
      streams: personalStreamSql(caller),
    })
    .from(sql`(SELECT 1) AS one`)
    .prepare('activity_board_faces');
});

async function facesOf(db: Db, callerId: number, board: Board, at: WindowValues) {
  const ids = [callerId, ...board.ids.subarray(0, board.top)];
  const [row] = await facesStatement(db).execute({ ...at, caller: callerId, ids });
  const members = new Map<number, { user: FaceRow; isFriend: boolean }>();
  // Members the caller blocked have no row on the caller's board (decision 0046); the ranks stay.
  const hidden = new Set(row?.hidden ?? []);
  for (const face of row?.faces ?? []) {
    if (!hidden.has(face.id)) members.set(face.id, { user: face, isFriend: face.isFriend });
  }
  return {
    epoch: row?.epoch ?? '',
    callerZone: row?.callerZone ?? null,
    wellbeing: row?.wellbeing ?? false,
    members,
    streams: parsedJson(row?.streams ?? []) as StreamsAt,
  };
}

type Seen = Awaited<ReturnType<typeof facesOf>>;

const EMPTY = boardOf([], '');
const KEPT_BOARDS_MAX = 32;
/** Global boards by database, then by zone and week: a board is a database's, and so is its epoch. */
const keptBoards = new WeakMap<Db, Map<string, Board>>();

function keep(db: Db, key: string, board: Board) {
  const boards = keptBoards.get(db) ?? new Map<string, Board>();
  keptBoards.set(db, boards);
  boards.delete(key);
  boards.set(key, board);
  // The oldest kept board makes room: a board is one (zone, week) of everyone.
  if (boards.size > KEPT_BOARDS_MAX) boards.delete(boards.keys().next().value as string);
}

/**
 * The global board of the caller's week and the faces of its top, always as of a moment after the call
 * began: a kept board is answered only while the epoch of its weeks, read with the faces, is the one it was
 * read under; otherwise (or without one) the epoch is read, then the ranking, and that board is kept.
 * Between session writes a call costs the faces statement alone (docs/decisions/0029).
 */
async function globalBoard(db: Db, callerId: number, at: WindowValues) {
  const key = `${at.zone}|${at.from}`;
  const kept = keptBoards.get(db)?.get(key);
  const seen = await facesOf(db, callerId, kept ?? EMPTY, at);
  if (kept && seen.epoch === kept.epoch) return { board: kept, seen };
  // Read after the epoch: a session committed in between makes the board newer than its epoch, never older.
  const board = boardOf(await rankingStatements(db).global.execute(at), seen.epoch);
  keep(db, key, board);
  return { board, seen: await facesOf(db, callerId, board, at) };
}

async function communityBoard(db: Db, callerId: number, at: WindowValues, communityId: number) {
  const board = boardOf(await rankingStatements(db).community.execute({ ...at, community: communityId }), '');
  return { board, seen: await facesOf(db, callerId, board, at) };
}

/** The board of the caller's week in `zone`, and what the caller sees of it. */
async function boardIn(
  db: Db,
  callerId: number,
  communityId: number | null,
  zone: string,
  now: Date,
): Promise<{ memberZone: string | null; value: { period: Period; board: Board; seen: Seen } }> {
  const period = weekOf(localDay(now, zone));
  const at = { zone, from: period.from, until: period.until };
  const { board, seen } =
    communityId === null
      ? await globalBoard(db, callerId, at)
      : await communityBoard(db, callerId, at, communityId);
  return { memberZone: seen.callerZone, value: { period, board, seen } };
}

function scoreOf(
  user: FaceRow,
  row: { score: number; rank: number | null },
  callerId: number,
  friend: boolean,
  wellbeing: boolean,
) {
  const me = user.id === callerId;
  const face = faceSeenBy(user, { self: me, isFriend: friend });
  return {
    user_id: user.id,
    // In wellbeing mode the member's own progress stays; where the others stand is left out.
    ...publicCounts(wellbeing && !me, { rank: row.rank, score: row.score }),
    identity: {
      name: face.name,
      screen_name: face.screen_name,
      image_url: face.image_url,
      persona_image: face.persona_image,
    },
    is_me: me,
  } satisfies LeaderboardScore;
}

/** In wellbeing mode the others come by name, so that their order shows no ranking either. */
const byName = (a: LeaderboardScore, b: LeaderboardScore) =>
  a.identity.name.localeCompare(b.identity.name) || a.user_id - b.user_id;

/** The board's community: the one picked (leaderboard_community_id), else the page's; global=true is everyone. */
function boardCommunity(query: LeaderboardQuery): number | null {
  if (query.global === true) return null;
  const communityId = query.leaderboard_community_id ?? query.community_id;
  if (communityId === undefined) {
    throw badRequest(ErrorCode.leaderboard_needs_scope, 'Ask for a community_id or global=true');
  }
  return communityId;
}

/**
 * GET /user/community/leaderboard (docs/product/activities-and-leaderboards.md#summary): this week's activity time (Monday start, the caller's time
 * zone), the caller first (docs/product/activities-and-leaderboards.md#summary), then the top members. A private community's board is its members' only.
 */
export async function leaderboard(
  deps: AppDeps,
  callerId: number,
  query: LeaderboardQuery,
  now = new Date(),
): Promise<LeaderboardResponse> {
  const communityId = boardCommunity(query);
  if (communityId === null) {
    // Kept while nothing it shows can have changed (decision 0077).
    return deps.leaderboards.read(callerId, now, () => boardAnswer(deps.db, callerId, null, now));
  }
  await assertMayRead(deps.db, communityId, callerId);
  return (await boardAnswer(deps.db, callerId, communityId, now)).answer;
}

/** The board of the caller's week, as the caller sees it, with the zone and stream position it was read at. */
async function boardAnswer(
  db: Db,
  callerId: number,
  communityId: number | null,
  now: Date,
): Promise<KeptLeaderboard> {
  const { zone, value } = await inMemberZone(callerId, (zone) =>
    boardIn(db, callerId, communityId, zone, now),
  );
  const { period, board, seen } = value;
  const wellbeing = seen.wellbeing;
  const caller = seen.members.get(callerId)?.user;
  if (!caller) throw notFound('No such member');
  const mine = board.ids.indexOf(callerId);
  const others: LeaderboardScore[] = [];
  for (let i = 0; i < board.top; i++) {
    const member = board.ids[i] === callerId ? undefined : seen.members.get(board.ids[i] as number);
    if (!member) continue;
    const row = { score: board.scores[i] as number, rank: board.ranks[i] as number };
    others.push(scoreOf(member.user, row, callerId, member.isFriend, wellbeing));
  }
  if (wellbeing) others.sort(byName);
  const answer: LeaderboardResponse = {
    scores: [
      scoreOf(
        caller,
        mine < 0
          ? { score: 0, rank: null }
          : { score: board.scores[mine] as number, rank: board.ranks[mine] as number },
        callerId,
        false,
        wellbeing,
      ),
      ...others,
    ],
    community_id: communityId,
    start_date: period.from,
    end_date: addDays(period.until, -1),
  };
  return { answer, zone, from: period.from, streams: seen.streams };
}
