import {
  currentSeasonYear,
  type HighFiveBody,
  type HighFiveResponse,
  roundState,
  roundWindow,
  seasonCode,
  seasonEndsAt,
  shownRound,
  TOURNAMENT_FIRST_YEAR,
  TOURNAMENT_ROUNDS,
  TOURNAMENT_USERS_PER_SIDE,
  type TournamentProgressQuery,
  type TournamentProgressResponse,
  type TournamentRound,
  yearOfCode,
} from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { runQueries } from '../../db/queries';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../platform/errors';
import { assertNoneBlocked } from '../blocks';
import { publicCounts, wellbeingOf } from '../faces';
import { ImageKind, readImage } from '../images';
import {
  type Entrant,
  fates,
  isEntrant,
  type PairResult,
  playBracket,
  type RoundResult,
  seasonDayIndex,
  seasonStart,
  wonDaysByCommunity,
} from './bracket';
import { presentPair, type ShownMember, stateOf } from './presenter';
import {
  addHighFive,
  communitiesByIds,
  dailyScores,
  drawEntrants,
  freezeEntrants,
  highFivesOf,
  isSeasonParticipant,
  type MemberDay,
  memberDays,
  membersOf,
  storedEntrants,
} from './queries';

/** The season a code names: 2020 up to the current one; anything else is no season (404). */
export function seasonOf(code: string | undefined, now: Date): number {
  const current = currentSeasonYear(now);
  if (code === undefined) return current;
  const year = yearOfCode(code);
  if (year === null || year < TOURNAMENT_FIRST_YEAR || year > current)
    throw notFound('No such tournament season');
  return year;
}

/**
 * The season's communities and seeds: the frozen draw when there is one; before the Round of 64 the draw
 * as it would be now; at its first read once begun the draw is frozen. A season over without a draw had
 * no entrants (it ran before anyone read it, e.g. before Orbit existed).
 */
export async function seasonEntrants(db: Queryable, year: number, now: Date): Promise<Entrant[]> {
  const stored = await storedEntrants(db, year);
  if (stored.length > 0) return stored;
  if (now < seasonStart(year)) return drawEntrants(db);
  if (now >= seasonEndsAt(year)) return [];
  return freezeEntrants(db, year, await drawEntrants(db));
}

/** The season played out at `now`: entrants, and every round's pairs decided from daily activity. */
async function playedSeason(db: Queryable, year: number, now: Date) {
  const entrants = await seasonEntrants(db, year, now);
  const scores = await dailyScores(
    db,
    year,
    entrants.map((e) => e.communityId),
    now,
  );
  return { entrants, rounds: playBracket(year, entrants, scores, now) };
}

const communitiesIn = (pairs: PairResult[]) =>
  pairs.flatMap((pair) => pair.sides.flatMap((s) => (isEntrant(s.slot) ? [s.slot.entrant.communityId] : [])));

/**
 * Per community, its members most active in the round shown, with their season's battles won; a member the
 * caller blocked is not among them for the caller (decision 0046).
 */
async function shownMembers(
  db: Queryable,
  season: { year: number; round: TournamentRound; rounds: RoundResult[]; now: Date },
  communityIds: number[],
  callerId: number,
): Promise<Map<number, ShownMember[]>> {
  const { year, round, rounds, now } = season;
  const days = await memberDays(db, year, communityIds, now, callerId);
  const { start, end } = roundWindow(year, round);
  const [first, last] = [seasonDayIndex(year, start), seasonDayIndex(year, end) - 1];
  const won = wonDaysByCommunity(rounds);
  const tally = new Map<string, { communityId: number; userId: number; score: number; battleWon: number }>();
  for (const d of days) tallyDay(tally, d, d.day >= first && d.day <= last, won.get(d.communityId));
  const top = [...tally.values()]
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score || a.userId - b.userId);
  const perCommunity = new Map<number, typeof top>();
  for (const t of top) {
    const list = perCommunity.get(t.communityId) ?? [];
    if (list.length < TOURNAMENT_USERS_PER_SIDE) list.push(t);
    perCommunity.set(t.communityId, list);
  }
  const chosen = [...perCommunity.values()].flat();
  const [rows, fives] = await runQueries(db, [
    () => membersOf(db, chosen),
    () => highFivesOf(db, year, [...new Set(chosen.map((c) => c.userId))], callerId),
  ]);
  const fate = fates(rounds);
  const byKey = new Map(rows.map((r) => [`${r.communityId}:${r.user.id}`, r]));
  const shown = new Map<number, ShownMember[]>();
  for (const t of chosen) {
    const row = byKey.get(`${t.communityId}:${t.userId}`);
    if (!row) continue;
    const list = shown.get(t.communityId) ?? [];
    list.push({
      user: row.user,
      communityId: t.communityId,
      identity: row.identity,
      score: t.score,
      battleWon: t.battleWon,
      h5: fives.counts.get(t.userId) ?? 0,
      highFived: fives.given.has(t.userId),
      state: stateOf(t.communityId, fate),
    });
    shown.set(t.communityId, list);
  }
  return shown;
}

function tallyDay(
  tally: Map<string, { communityId: number; userId: number; score: number; battleWon: number }>,
  d: MemberDay,
  inRound: boolean,
  wonDays: Set<number> | undefined,
) {
  const key = `${d.communityId}:${d.userId}`;
  const t = tally.get(key) ?? { communityId: d.communityId, userId: d.userId, score: 0, battleWon: 0 };
  if (inRound) t.score += d.total;
  // A member helped win each battle their community won on a day they were active.
  if (d.total > 0 && wonDays?.has(d.day)) t.battleWon += 1;
  tally.set(key, t);
}

/** GET /tournament/progress: one round of a season, its pairs, winners (or TBD) and most active members. */
export async function progress(
  deps: AppDeps,
  callerId: number,
  query: TournamentProgressQuery,
  now = new Date(),
): Promise<TournamentProgressResponse> {
  const year = seasonOf(query.code, now);
  const round = query.round ?? shownRound(year, now);
  // One transaction: the draw frozen at the first read is the one every query below reads.
  return deps.db.transaction(async (db) => {
    const { rounds } = await playedSeason(db, year, now);
    const shown = rounds.find((r) => r.round === round)!;
    const ids = [...new Set(communitiesIn(shown.pairs))];
    const [rows, members, wellbeing] = await runQueries(db, [
      () => communitiesByIds(db, ids),
      () => shownMembers(db, { year, round, rounds, now }, ids, callerId),
      () => wellbeingOf(db, callerId),
    ]);
    const byId = new Map(rows.map((c) => [c.id, c]));
    return {
      code: seasonCode(year),
      year,
      ends_at: seasonEndsAt(year).toISOString(),
      over: now >= seasonEndsAt(year),
      tournament_round: round,
      rounds: TOURNAMENT_ROUNDS.map((def) => ({
        round: def.round,
        starts_at: roundWindow(year, def.round).start.toISOString(),
        ends_at: roundWindow(year, def.round).end.toISOString(),
        state: roundState(year, def.round, now),
      })),
      // A pair of two byes has nobody in it: left out (its position stays unused).
      communities: shown.pairs.flatMap((pair, position) =>
        pair.sides.every((side) => side.slot.kind === 'bye')
          ? []
          : [presentPair(pair, position, byId, members, wellbeing)],
      ),
    };
  });
}

/**
 * PUT /tournament/user/h5: one high five per member, receiver and season; giving it again changes nothing.
 * Only members of the season's communities receive them, never from themselves, not once it is over, and not
 * between two members one of whom blocked the other (403 `blocked`).
 */
export async function highFive(
  deps: AppDeps,
  callerId: number,
  body: HighFiveBody,
  now = new Date(),
): Promise<HighFiveResponse> {
  const year = seasonOf(body.code, now);
  if (now >= seasonEndsAt(year)) throw badRequest('tournament_over', 'This tournament season is over');
  if (body.user_id === callerId) throw badRequest('own_high_five', 'You cannot high five yourself');
  return deps.db.transaction(async (tx) => {
    const entrants = await seasonEntrants(tx, year, now);
    const ids = entrants.map((e) => e.communityId);
    if (!(await isSeasonParticipant(tx, ids, body.user_id))) throw notFound('No such tournament member');
    // A high five reaches its receiver: contact, refused both ways when either blocked the other (0046).
    await assertNoneBlocked(tx, callerId, [body.user_id]);
    const h5 = await addHighFive(tx, year, callerId, body.user_id);
    return publicCounts(await wellbeingOf(tx, callerId), { h5 });
  });
}

/**
 * GET /tournament/user/image: the uploaded persona picture (`image_id`) of a member the tournament shows;
 * persona pictures are for every signed-in member (images policy), any other kind is a 404.
 */
export function tournamentUserImage(deps: AppDeps, viewerId: number, imageId: number, side?: number) {
  return readImage(deps, viewerId, imageId, { side, only: ImageKind.PERSONA });
}
