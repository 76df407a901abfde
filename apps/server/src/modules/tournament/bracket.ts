import {
  battleDayStarts,
  battlesToWin,
  bracketSeeds,
  RoundState,
  roundState,
  TOURNAMENT_BRACKET_SIZE,
  TOURNAMENT_ROUNDS,
  type TournamentRound,
} from '@orbit/contract';

/**
 * The bracket of one season played out from daily activity (0018): pure, so every rule (battles, ties,
 * byes, early decisions) is tested without a database.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Entrant {
  communityId: number;
  seed: number;
}

/** A side of a pair: a community, a bye (no community drawn there) or TBD (its earlier pair is undecided). */
export type Slot = { kind: 'entrant'; entrant: Entrant } | { kind: 'bye' } | { kind: 'tbd' };

export interface SideResult {
  slot: Slot;
  score: number;
  battleWon: number;
  /** Season day indexes (0 = the Round of 64's first day) of the battles this side won. */
  wonDays: number[];
}

export interface PairResult {
  sides: [SideResult, SideResult];
  winner: Slot;
}

export interface RoundResult {
  round: TournamentRound;
  pairs: PairResult[];
}

/** Summed activity per community per season day index. */
export type DailyScores = Map<number, Map<number, number>>;

export const seasonStart = (year: number) => battleDayStarts(year, TOURNAMENT_ROUNDS[0]!.round)[0]!;

/** The season day index of a moment (0 = the Round of 64's first day), as the score query groups them. */
export const seasonDayIndex = (year: number, at: Date) =>
  Math.floor((at.getTime() - seasonStart(year).getTime()) / DAY_MS);

const TBD: Slot = { kind: 'tbd' };
const BYE: Slot = { kind: 'bye' };

/** The first round's slots: entrants by seed in standard seeding order, byes where no seed was drawn. */
export function firstRoundSlots(entrants: Entrant[]): Slot[] {
  const bySeed = new Map(entrants.map((e) => [e.seed, e]));
  return bracketSeeds(TOURNAMENT_BRACKET_SIZE).map((seed) => {
    const entrant = bySeed.get(seed);
    return entrant ? { kind: 'entrant', entrant } : BYE;
  });
}

const side = (slot: Slot): SideResult => ({ slot, score: 0, battleWon: 0, wonDays: [] });

/** Day by day: a day under way adds to the score; a finished day is a battle won by the greater score. */
function fightBattles(
  year: number,
  round: TournamentRound,
  a: SideResult,
  b: SideResult,
  scores: DailyScores,
  now: Date,
) {
  if (a.slot.kind !== 'entrant' || b.slot.kind !== 'entrant') return;
  const scoresA = scores.get(a.slot.entrant.communityId);
  const scoresB = scores.get(b.slot.entrant.communityId);
  for (const start of battleDayStarts(year, round)) {
    if (start > now) break;
    const day = seasonDayIndex(year, start);
    const sa = scoresA?.get(day) ?? 0;
    const sb = scoresB?.get(day) ?? 0;
    a.score += sa;
    b.score += sb;
    if (start.getTime() + DAY_MS > now.getTime()) continue;
    // A tied day (nobody active included) is a battle nobody wins.
    if (sa > sb) a.battleWon += 1;
    if (sb > sa) b.battleWon += 1;
    if (sa !== sb) (sa > sb ? a : b).wonDays.push(day);
  }
}

/** Once the round is over the most battles win, then the greater total, then the better (lower) seed. */
function overallWinner(a: SideResult, b: SideResult): SideResult {
  if (a.battleWon !== b.battleWon) return a.battleWon > b.battleWon ? a : b;
  if (a.score !== b.score) return a.score > b.score ? a : b;
  const seed = (s: SideResult) =>
    s.slot.kind === 'entrant' ? s.slot.entrant.seed : Number.POSITIVE_INFINITY;
  return seed(a) <= seed(b) ? a : b;
}

function playPair(
  year: number,
  round: TournamentRound,
  slots: [Slot, Slot],
  scores: DailyScores,
  now: Date,
): PairResult {
  const sides: [SideResult, SideResult] = [side(slots[0]), side(slots[1])];
  const [a, b] = sides;
  if (a.slot.kind === 'tbd' || b.slot.kind === 'tbd') return { sides, winner: TBD };
  // A bye: the other side goes through without a battle (two byes leave an empty pair).
  if (b.slot.kind === 'bye') return { sides, winner: a.slot };
  if (a.slot.kind === 'bye') return { sides, winner: b.slot };
  fightBattles(year, round, a, b, scores, now);
  const needed = battlesToWin(round);
  // docs/product/tournament.md#rounds: a winner is shown once its battles won exceed 2 (of 5), before the round's end if so.
  if (a.battleWon >= needed) return { sides, winner: a.slot };
  if (b.battleWon >= needed) return { sides, winner: b.slot };
  if (roundState(year, round, now) !== RoundState.OVER) return { sides, winner: TBD };
  return { sides, winner: overallWinner(a, b).slot };
}

/** Every round of the season as it stands at `now`, from the Round of 64 to the finals. */
export function playBracket(
  year: number,
  entrants: Entrant[],
  scores: DailyScores,
  now: Date,
): RoundResult[] {
  const rounds: RoundResult[] = [];
  let slots = firstRoundSlots(entrants);
  for (const { round } of TOURNAMENT_ROUNDS) {
    const pairs: PairResult[] = [];
    for (let i = 0; i + 1 < slots.length; i += 2) {
      pairs.push(playPair(year, round, [slots[i]!, slots[i + 1]!], scores, now));
    }
    rounds.push({ round, pairs });
    slots = pairs.map((pair) => pair.winner);
  }
  return rounds;
}

export const isEntrant = (slot: Slot): slot is { kind: 'entrant'; entrant: Entrant } =>
  slot.kind === 'entrant';

/** Communities knocked out by `now` and the champion, if the finals are decided. */
export function fates(rounds: RoundResult[]): { out: Set<number>; champion: number | null } {
  const out = new Set<number>();
  for (const { pairs } of rounds) {
    for (const pair of pairs) {
      if (!isEntrant(pair.winner)) continue;
      const winnerId = pair.winner.entrant.communityId;
      for (const s of pair.sides)
        if (isEntrant(s.slot) && s.slot.entrant.communityId !== winnerId) out.add(s.slot.entrant.communityId);
    }
  }
  const finals = rounds[rounds.length - 1]?.pairs[0];
  const champion = finals && isEntrant(finals.winner) ? finals.winner.entrant.communityId : null;
  return { out, champion };
}

/** Each community's won battle days over the whole season: a member's battle_won counts those they were active on. */
export function wonDaysByCommunity(rounds: RoundResult[]): Map<number, Set<number>> {
  const won = new Map<number, Set<number>>();
  for (const { pairs } of rounds) {
    for (const pair of pairs) {
      for (const s of pair.sides) {
        if (!isEntrant(s.slot)) continue;
        const set = won.get(s.slot.entrant.communityId) ?? new Set<number>();
        for (const day of s.wonDays) set.add(day);
        won.set(s.slot.entrant.communityId, set);
      }
    }
  }
  return won;
}
