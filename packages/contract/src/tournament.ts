/**
 * The seasonal tournament between communities (docs/product/tournament.md#rounds, #seasons; docs/product/tournament.md#seasons). Seasons, codes and round dates are
 * pure functions of the year, shared by the server (which decides battles) and the web app (which lists
 * seasons back to 2020). The rules are written out in docs/decisions/0018-tournament.md.
 */

/** docs/product/tournament.md#seasons: seasons are generated back to 2020. */
export const TOURNAMENT_FIRST_YEAR = 2020;
/** docs/product/tournament.md#seasons: the spec's season was over at 1 March 2025 08:00 UTC; every season ends on 1 March 08:00 UTC. */
export const TOURNAMENT_SEASON_END = { month: 3, day: 1, hourUtc: 8 } as const;
/** A tournament day (one battle) starts at the same hour as the season's end: 08:00 UTC. */
export const TOURNAMENT_DAY_START_HOUR_UTC = 8;
/** The first round is the Round of 64: at most 64 communities enter, fewer leave byes. */
export const TOURNAMENT_BRACKET_SIZE = 64;
/** docs/product/tournament.md#rounds, #seasons: the semi-final winner is shown when battles won exceed 2 (3 of 5 decides every 5-day round). */
export const TOURNAMENT_BATTLES_WON_SHOWN_ABOVE = 2;
/** Orbit's choice: the members shown under each side of a pair, most active first. */
export const TOURNAMENT_USERS_PER_SIDE = 5;

/** A round is named by how many communities it starts with: 64, 32, 16, 8, the semi-finals (4), the finals (2). */
export const TournamentRound = { R64: 64, R32: 32, R16: 16, R8: 8, SEMI_FINALS: 4, FINALS: 2 } as const;
export type TournamentRound = (typeof TournamentRound)[keyof typeof TournamentRound];

export interface TournamentRoundDefinition {
  round: TournamentRound;
  /** en_us keys of its name and dates, as docs/product/tournament.md#rounds writes them. */
  label: string;
  dates: string;
  /** First day (month 1..12, day) and number of days; each day is one battle. */
  month: number;
  day: number;
  days: number;
}

/** docs/product/tournament.md#rounds: Round of 64 (May 11-15) ... Semi-Finals (Jun 23-27), Finals in NYC (Jun 25). */
export const TOURNAMENT_ROUNDS: readonly TournamentRoundDefinition[] = [
  { round: 64, label: 'tournament.round_64', dates: 'tournament.round_64_dates', month: 5, day: 11, days: 5 },
  { round: 32, label: 'tournament.round_32', dates: 'tournament.round_32_dates', month: 5, day: 18, days: 5 },
  { round: 16, label: 'tournament.round_16', dates: 'tournament.round_16_dates', month: 5, day: 25, days: 5 },
  { round: 8, label: 'tournament.round_8', dates: 'tournament.round_8_dates', month: 6, day: 1, days: 5 },
  {
    round: 4,
    label: 'tournament.semi_finals',
    dates: 'tournament.semi_finals_dates',
    month: 6,
    day: 23,
    days: 5,
  },
  { round: 2, label: 'tournament.finals', dates: 'tournament.finals_dates', month: 6, day: 25, days: 1 },
];

/** Where a round stands at a moment: not begun, under way, or every battle of it fought. */
export const RoundState = { UPCOMING: 'upcoming', LIVE: 'live', OVER: 'over' } as const;
export type RoundState = (typeof RoundState)[keyof typeof RoundState];

/** A tournament member's standing in the season: their community is still in, knocked out, or the champion. */
export const TournamentUserState = { IN: 1, OUT: 2, CHAMPION: 3 } as const;
export type TournamentUserState = (typeof TournamentUserState)[keyof typeof TournamentUserState];

const DAY_MS = 24 * 60 * 60 * 1000;

/** docs/product/tournament.md#seasons: the code is fixed per season; it is made from the season's year. */
export const seasonCode = (year: number) => `orbit-${year}`;

/** The year of a season code, or null when it names no season. */
export function yearOfCode(code: string): number | null {
  const match = /^orbit-(\d{4})$/.exec(code);
  return match ? Number(match[1]) : null;
}

/** The moment season `year` is over: 1 March of the next year, 08:00 UTC. */
export function seasonEndsAt(year: number): Date {
  const { month, day, hourUtc } = TOURNAMENT_SEASON_END;
  return new Date(Date.UTC(year + 1, month - 1, day, hourUtc));
}

/** The season running at `now`: the one whose end is the first still ahead. */
export function currentSeasonYear(now: Date): number {
  const year = now.getUTCFullYear();
  return now.getTime() < seasonEndsAt(year - 1).getTime() ? year - 1 : year;
}

export interface SeasonSummary {
  year: number;
  code: string;
  ends_at: string;
  over: boolean;
}

/** Every season from the current one back to 2020, newest first (docs/product/tournament.md#seasons). */
export function tournamentSeasons(now: Date): SeasonSummary[] {
  const seasons: SeasonSummary[] = [];
  for (let year = currentSeasonYear(now); year >= TOURNAMENT_FIRST_YEAR; year -= 1) {
    const ends = seasonEndsAt(year);
    seasons.push({ year, code: seasonCode(year), ends_at: ends.toISOString(), over: now >= ends });
  }
  return seasons;
}

export const roundDefinition = (round: number) => TOURNAMENT_ROUNDS.find((r) => r.round === round);

/** The start of each battle day of a round in season `year` (each day runs 24 h from 08:00 UTC). */
export function battleDayStarts(year: number, round: number): Date[] {
  const def = roundDefinition(round);
  if (!def) return [];
  const first = Date.UTC(year, def.month - 1, def.day, TOURNAMENT_DAY_START_HOUR_UTC);
  return Array.from({ length: def.days }, (_, i) => new Date(first + i * DAY_MS));
}

/** A round's first moment and the moment its last battle ends. */
export function roundWindow(year: number, round: number): { start: Date; end: Date } {
  const days = battleDayStarts(year, round);
  const first = days[0] ?? new Date(Number.NaN);
  const last = days[days.length - 1] ?? first;
  return { start: first, end: new Date(last.getTime() + DAY_MS) };
}

export function roundState(year: number, round: number, now: Date): RoundState {
  const { start, end } = roundWindow(year, round);
  if (now < start) return RoundState.UPCOMING;
  return now < end ? RoundState.LIVE : RoundState.OVER;
}

/** The round a season shows first: the one under way, else the latest begun, else the Round of 64. */
export function shownRound(year: number, now: Date): TournamentRound {
  let shown: TournamentRound = TournamentRound.R64;
  for (const def of TOURNAMENT_ROUNDS) {
    const state = roundState(year, def.round, now);
    if (state === RoundState.LIVE) return def.round;
    if (state === RoundState.OVER) shown = def.round;
  }
  return shown;
}

/** Battles a side needs to win a round outright: more than 2 of a 5-day round (docs/product/tournament.md#rounds), the one of the finals. */
export const battlesToWin = (round: number) =>
  (roundDefinition(round)?.days ?? 1) > 1 ? TOURNAMENT_BATTLES_WON_SHOWN_ABOVE + 1 : 1;

/** Standard tournament seeding: the seed in each of `size` slots, so that seeds 1 and 2 meet last. */
export function bracketSeeds(size: number): number[] {
  let seeds = [1];
  while (seeds.length < size) {
    const next = seeds.length * 2 + 1;
    seeds = seeds.flatMap((seed) => [seed, next - seed]);
  }
  return seeds;
}
