import { AccessType, roundWindow, TOURNAMENT_BRACKET_SIZE, TournamentRound } from '@orbit/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  activityLogs,
  communities,
  communityMembers,
  tournamentEntries,
  tournamentHighFives,
  users,
} from '../../db/schema';
import { notHiddenFromSql } from '../blocks';
import { type DailyScores, type Entrant, seasonStart } from './bracket';

/** A season's activity counts from the Round of 64's first day to the end of its last round. */
export function seasonWindow(year: number) {
  return { start: seasonStart(year), end: roundWindow(year, TournamentRound.SEMI_FINALS).end };
}

export async function storedEntrants(db: Queryable, year: number): Promise<Entrant[]> {
  return db
    .select({ communityId: tournamentEntries.communityId, seed: tournamentEntries.seed })
    .from(tournamentEntries)
    .where(eq(tournamentEntries.seasonYear, year))
    .orderBy(asc(tournamentEntries.seed));
}

/**
 * Who would enter now: public communities with members (a private one's members are not shown to
 * outsiders), the most members first, then the oldest; at most the bracket's 64. Seeds follow that order.
 */
export async function drawEntrants(db: Queryable): Promise<Entrant[]> {
  const members = count(communityMembers.userId);
  const rows = await db
    .select({ communityId: communities.id })
    .from(communities)
    .innerJoin(communityMembers, eq(communityMembers.communityId, communities.id))
    .where(eq(communities.accessType, AccessType.PUBLIC))
    .groupBy(communities.id)
    .orderBy(desc(members), asc(communities.createdAt), asc(communities.id))
    .limit(TOURNAMENT_BRACKET_SIZE);
  return rows.map((row, i) => ({ communityId: row.communityId, seed: i + 1 }));
}

/** Freezes a season's draw; a concurrent first reader's draw wins and both read the same rows back. */
export async function freezeEntrants(db: Queryable, year: number, entrants: Entrant[]): Promise<Entrant[]> {
  if (entrants.length > 0) {
    await db
      .insert(tournamentEntries)
      .values(entrants.map((e) => ({ seasonYear: year, communityId: e.communityId, seed: e.seed })))
      .onConflictDoNothing();
  }
  return storedEntrants(db, year);
}

/**
 * The season day of a session. The start is inlined (an ISO string made from a number, never input) so the
 * SELECT and GROUP BY expressions are the same text: as two bound parameters PostgreSQL sees them differ.
 */
const dayIndexOf = (year: number) =>
  sql<number>`floor(extract(epoch from (${activityLogs.startedAt} - ${sql.raw(`'${seasonStart(year).toISOString()}'`)}::timestamptz)) / 86400)::int`;

/** Sessions of the communities' current members started in the season's window and before `now`. */
function countedActivity(year: number, communityIds: number[], now: Date) {
  const { start, end } = seasonWindow(year);
  return and(
    inArray(communityMembers.communityId, communityIds),
    gte(activityLogs.startedAt, start),
    lt(activityLogs.startedAt, end < now ? end : now),
  );
}

/**
 * Summed activity duration per community and season day, over the communities' current members, up to
 * `now`: one grouped query on activity_logs_user_time_idx, however long the season.
 */
export async function dailyScores(
  db: Queryable,
  year: number,
  communityIds: number[],
  now: Date,
): Promise<DailyScores> {
  const scores: DailyScores = new Map();
  if (communityIds.length === 0) return scores;
  const day = dayIndexOf(year);
  const rows = await db
    .select({
      communityId: communityMembers.communityId,
      day,
      total: sql<string>`sum(${activityLogs.durationMs})`,
    })
    .from(communityMembers)
    .innerJoin(activityLogs, eq(activityLogs.userId, communityMembers.userId))
    .where(countedActivity(year, communityIds, now))
    .groupBy(communityMembers.communityId, day);
  for (const row of rows) {
    const byDay = scores.get(row.communityId) ?? new Map<number, number>();
    byDay.set(Number(row.day), Number(row.total));
    scores.set(row.communityId, byDay);
  }
  return scores;
}

export interface MemberDay {
  communityId: number;
  userId: number;
  day: number;
  total: number;
}

/**
 * The same sums per member, for the communities of the round shown (their users and battles won), as
 * `viewerId` reads them: without the members the viewer blocked (decision 0046), whose place among a side's
 * most active goes to the next. The communities' scores (`dailyScores`) still count them: the bracket is shared.
 */
export async function memberDays(
  db: Queryable,
  year: number,
  communityIds: number[],
  now: Date,
  viewerId: number,
): Promise<MemberDay[]> {
  if (communityIds.length === 0) return [];
  const day = dayIndexOf(year);
  const rows = await db
    .select({
      communityId: communityMembers.communityId,
      userId: communityMembers.userId,
      day,
      total: sql<string>`sum(${activityLogs.durationMs})`,
    })
    .from(communityMembers)
    .innerJoin(activityLogs, eq(activityLogs.userId, communityMembers.userId))
    .where(and(countedActivity(year, communityIds, now), notHiddenFromSql(viewerId, communityMembers.userId)))
    .groupBy(communityMembers.communityId, communityMembers.userId, day);
  return rows.map((r) => ({ ...r, day: Number(r.day), total: Number(r.total) }));
}

export async function communitiesByIds(db: Queryable, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(communities).where(inArray(communities.id, ids));
}

/** The shown members with the identity they joined each community under. */
export async function membersOf(db: Queryable, pairs: { communityId: number; userId: number }[]) {
  if (pairs.length === 0) return [];
  const userIds = [...new Set(pairs.map((p) => p.userId))];
  const communityIds = [...new Set(pairs.map((p) => p.communityId))];
  return db
    .select({ user: users, communityId: communityMembers.communityId, identity: communityMembers.identity })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .where(
      and(inArray(communityMembers.userId, userIds), inArray(communityMembers.communityId, communityIds)),
    );
}

/** High fives received this season per member, and which of them the caller gave. */
export async function highFivesOf(db: Queryable, year: number, userIds: number[], callerId: number) {
  const counts = new Map<number, number>();
  const given = new Set<number>();
  if (userIds.length === 0) return { counts, given };
  const rows = await db
    .select({
      userId: tournamentHighFives.toUserId,
      total: count(),
      mine: sql<boolean>`bool_or(${tournamentHighFives.fromUserId} = ${callerId})`,
    })
    .from(tournamentHighFives)
    .where(and(eq(tournamentHighFives.seasonYear, year), inArray(tournamentHighFives.toUserId, userIds)))
    .groupBy(tournamentHighFives.toUserId);
  for (const row of rows) {
    counts.set(row.userId, row.total);
    if (row.mine) given.add(row.userId);
  }
  return { counts, given };
}

/** Whether the member belongs to a community drawn into the season. */
export async function isSeasonParticipant(db: Queryable, communityIds: number[], userId: number) {
  if (communityIds.length === 0) return false;
  const [row] = await db
    .select({ userId: communityMembers.userId })
    .from(communityMembers)
    .where(and(eq(communityMembers.userId, userId), inArray(communityMembers.communityId, communityIds)))
    .limit(1);
  return Boolean(row);
}

export async function addHighFive(db: Queryable, year: number, fromUserId: number, toUserId: number) {
  await db
    .insert(tournamentHighFives)
    .values({ seasonYear: year, fromUserId, toUserId })
    .onConflictDoNothing();
  const [row] = await db
    .select({ total: count() })
    .from(tournamentHighFives)
    .where(and(eq(tournamentHighFives.seasonYear, year), eq(tournamentHighFives.toUserId, toUserId)));
  return row?.total ?? 0;
}
