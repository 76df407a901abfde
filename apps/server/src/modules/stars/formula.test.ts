import { describe, expect, it } from 'vitest';
import { decayedScore, HALF_LIFE_DAYS, scoreAfterInteraction, sizeOf, sizeOfCount, zoneOf } from './formula';

const now = new Date('2026-11-22T09:30:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

describe('star formula', () => {
  it('halves a score every half-life and adds one per interaction', () => {
    expect(decayedScore(8, daysAgo(HALF_LIFE_DAYS), now)).toBeCloseTo(4);
    expect(decayedScore(8, daysAgo(2 * HALF_LIFE_DAYS), now)).toBeCloseTo(2);
    expect(scoreAfterInteraction(8, daysAgo(HALF_LIFE_DAYS), now)).toBeCloseTo(5);
    expect(decayedScore(3, daysAgo(-1), now)).toBe(3);
  });

  it('places a star by how recently: zone 1 under 3 days, 2 under 14, 3 under 45, then inactive 4', () => {
    expect([0, 2.9, 3, 13.9, 14, 44.9, 45, 400].map((d) => zoneOf(false, daysAgo(d), now))).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4,
    ]);
  });

  it('keeps a pinned star in zone 0 however old', () => {
    expect(zoneOf(true, daysAgo(400), now)).toBe(0);
  });

  it('sizes a star by how often: 1 below 2.5, 2 below 8, then 3', () => {
    expect([0, 2.49, 2.5, 7.99, 8, 50].map(sizeOf)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('grows daily contact to size 3 and weekly contact to size 2', () => {
    const steady = (everyDays: number) => {
      let score = 0;
      let at = daysAgo(365);
      for (let t = 365; t >= 0; t -= everyDays) {
        score = scoreAfterInteraction(score, at, daysAgo(t));
        at = daysAgo(t);
      }
      return sizeOf(decayedScore(score, at, now));
    };
    expect([steady(1), steady(7), steady(30)]).toEqual([3, 2, 1]);
  });

  it('sizes the requests star by how many wait', () => {
    expect([1, 2, 4, 5, 40].map(sizeOfCount)).toEqual([1, 2, 2, 3, 3]);
  });
});
