import {
  currentSeasonYear,
  RoundState,
  roundState,
  roundWindow,
  seasonEndsAt,
  shownRound,
  TournamentRound,
  tournamentSeasons,
} from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { type DailyScores, type Entrant, playBracket, type RoundResult, seasonDayIndex } from './bracket';

const at = (iso: string) => new Date(iso);
const entrants = (n: number): Entrant[] =>
  Array.from({ length: n }, (_, i) => ({ communityId: 100 + i + 1, seed: i + 1 }));

/** Scores for community `id` on the given UTC dates of 2026 ('06-01' is the battle day starting 08:00). */
function scores(entries: [number, string, number][]): DailyScores {
  const map: DailyScores = new Map();
  for (const [id, day, value] of entries) {
    const index = seasonDayIndex(2026, at(`2026-${day}T12:00:00Z`));
    const byDay = map.get(id) ?? new Map<number, number>();
    byDay.set(index, value);
    map.set(id, byDay);
  }
  return map;
}

const roundOf = (rounds: RoundResult[], round: number) => rounds.find((r) => r.round === round)!;
const winnerOf = (rounds: RoundResult[], round: number, pair: number) => {
  const slot = roundOf(rounds, round).pairs[pair]!.winner;
  return slot.kind === 'entrant' ? slot.entrant.communityId : slot.kind;
};

describe('seasons and round dates', () => {
  it('ends a season at 1 March 08:00 UTC of the next year and lists seasons back to 2020', () => {
    expect(seasonEndsAt(2024).toISOString()).toBe('2025-03-01T08:00:00.000Z');
    expect(currentSeasonYear(at('2025-03-01T07:59:59.999Z'))).toBe(2024);
    expect(currentSeasonYear(at('2025-03-01T08:00:00.000Z'))).toBe(2025);
    const seasons = tournamentSeasons(at('2026-11-22T00:00:00Z'));
    expect(seasons.map((s) => s.code)).toEqual([
      'orbit-2026',
      'orbit-2025',
      'orbit-2024',
      'orbit-2023',
      'orbit-2022',
      'orbit-2021',
      'orbit-2020',
    ]);
    expect(seasons.map((s) => s.over)).toEqual([false, true, true, true, true, true, true]);
  });

  it("uses the spec's round dates, each battle day from 08:00 UTC", () => {
    const windows = [64, 32, 16, 8, 4, 2].map((round) => {
      const { start, end } = roundWindow(2026, round);
      return [start.toISOString(), end.toISOString()];
    });
    expect(windows).toEqual([
      ['2026-05-11T08:00:00.000Z', '2026-05-16T08:00:00.000Z'],
      ['2026-05-18T08:00:00.000Z', '2026-05-23T08:00:00.000Z'],
      ['2026-05-25T08:00:00.000Z', '2026-05-30T08:00:00.000Z'],
      ['2026-06-01T08:00:00.000Z', '2026-06-06T08:00:00.000Z'],
      ['2026-06-23T08:00:00.000Z', '2026-06-28T08:00:00.000Z'],
      ['2026-06-25T08:00:00.000Z', '2026-06-26T08:00:00.000Z'],
    ]);
  });

  it('moves a round from upcoming to live to over exactly at its boundaries', () => {
    const { start, end } = roundWindow(2026, TournamentRound.R8);
    const before = new Date(start.getTime() - 1);
    expect(roundState(2026, 8, before)).toBe(RoundState.UPCOMING);
    expect(roundState(2026, 8, start)).toBe(RoundState.LIVE);
    expect(roundState(2026, 8, new Date(end.getTime() - 1))).toBe(RoundState.LIVE);
    expect(roundState(2026, 8, end)).toBe(RoundState.OVER);
    expect(shownRound(2026, before)).toBe(TournamentRound.R16);
    expect(shownRound(2026, start)).toBe(TournamentRound.R8);
    expect(shownRound(2026, at('2026-03-02T00:00:00Z'))).toBe(TournamentRound.R64);
  });
});

describe('battles decided by community activity', () => {
  // Eight entrants: the Round of 8 pairs seeds 1-8, 4-5, 2-7 and 3-6 (standard seeding); earlier rounds are byes.
  const eight = entrants(8);

  it('passes every entrant through the bye rounds and keeps the Round of 8 undecided before it starts', () => {
    const rounds = playBracket(2026, eight, new Map(), at('2026-06-01T07:59:59Z'));
    expect(roundOf(rounds, 64).pairs).toHaveLength(32);
    expect(winnerOf(rounds, 64, 0)).toBe(101);
    expect(winnerOf(rounds, 64, 1)).toBe('bye');
    const r8 = roundOf(rounds, 8).pairs;
    const seeds = r8.map((p) => p.sides.map((s) => (s.slot.kind === 'entrant' ? s.slot.entrant.seed : null)));
    expect(seeds).toEqual([
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ]);
    expect(r8.map((p) => p.winner.kind)).toEqual(['tbd', 'tbd', 'tbd', 'tbd']);
    expect(winnerOf(rounds, 2, 0)).toBe('tbd');
  });

  it('decides a pair once its battles won exceed 2, not before the third battle day has ended', () => {
    const daily = scores([
      [108, '06-01', 50],
      [108, '06-02', 60],
      [108, '06-03', 70],
      [101, '06-01', 10],
    ]);
    const beforeThird = playBracket(2026, eight, daily, at('2026-06-04T07:59:59Z'));
    expect(roundOf(beforeThird, 8).pairs[0]!.sides[1]).toMatchObject({ battleWon: 2, score: 180 });
    expect(winnerOf(beforeThird, 8, 0)).toBe('tbd');
    const afterThird = playBracket(2026, eight, daily, at('2026-06-04T08:00:00Z'));
    expect(roundOf(afterThird, 8).pairs[0]!.sides[1]).toMatchObject({ battleWon: 3 });
    expect(winnerOf(afterThird, 8, 0)).toBe(108);
    expect(roundState(2026, 8, at('2026-06-04T08:00:00Z'))).toBe(RoundState.LIVE);
  });

  it('counts a day under way in the score but not as a battle', () => {
    const daily = scores([[101, '06-01', 40]]);
    const rounds = playBracket(2026, eight, daily, at('2026-06-01T20:00:00Z'));
    expect(roundOf(rounds, 8).pairs[0]!.sides[0]).toMatchObject({ score: 40, battleWon: 0 });
  });

  it('gives a tied day to nobody and settles a level round by total, then by seed', () => {
    const daily = scores([
      // 4 v 5: two days each, one tie; 5 has the larger total.
      [104, '06-01', 30],
      [105, '06-02', 30],
      [104, '06-03', 10],
      [105, '06-04', 50],
      [104, '06-05', 20],
      [105, '06-05', 20],
    ]);
    const live = playBracket(2026, eight, daily, at('2026-06-05T12:00:00Z'));
    expect(winnerOf(live, 8, 1)).toBe('tbd');
    const over = playBracket(2026, eight, daily, at('2026-06-06T08:00:00Z'));
    expect(roundOf(over, 8).pairs[1]!.sides.map((s) => s.battleWon)).toEqual([2, 2]);
    expect(winnerOf(over, 8, 1)).toBe(105);
    // Nobody active at all in 2 v 7: the better seed goes through.
    expect(winnerOf(over, 8, 2)).toBe(102);
  });

  it('plays the finals on their day between the semi-final winners, TBD until both are known', () => {
    const four = entrants(4);
    const daily = scores([
      [101, '06-23', 9],
      [101, '06-24', 9],
      [101, '06-25', 9],
      [102, '06-23', 9],
      [102, '06-24', 9],
      [102, '06-25', 20],
    ]);
    const midSemis = playBracket(2026, four, daily, at('2026-06-25T12:00:00Z'));
    expect(winnerOf(midSemis, 4, 0)).toBe('tbd');
    expect(winnerOf(midSemis, 2, 0)).toBe('tbd');
    const after = playBracket(2026, four, daily, at('2026-06-26T08:00:00Z'));
    expect(winnerOf(after, 4, 0)).toBe(101);
    expect(winnerOf(after, 4, 1)).toBe(102);
    expect(roundOf(after, 2).pairs[0]!.sides.map((s) => s.score)).toEqual([9, 20]);
    expect(winnerOf(after, 2, 0)).toBe(102);
  });
});
