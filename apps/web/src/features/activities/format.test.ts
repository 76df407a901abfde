import { monogramOf } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import {
  balloonDelays,
  balloonRadii,
  boardDuration,
  lastMonths,
  lastYears,
  monthName,
  neighbour,
  todayIn,
} from './format';

describe('activity formatting', () => {
  it('writes leaderboard durations as d hh:mm:ss', () => {
    expect(boardDuration(30 * 60 * 1000)).toBe('00:30:00');
    expect(boardDuration((26 * 3600 + 61) * 1000)).toBe('1 02:01:01');
  });

  it('offers the last 12 months and the current and two previous years', () => {
    const months = lastMonths(new Date(2026, 1, 10));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ year: 2026, month: 2 });
    expect(months[11]).toEqual({ year: 2025, month: 3 });
    expect(lastYears(new Date(2026, 5, 1))).toEqual([2026, 2025, 2024]);
  });

  it('swipes to neighbours only inside the list', () => {
    expect(neighbour(12, 0, -1)).toBeNull();
    expect(neighbour(12, 0, 1)).toBe(1);
    expect(neighbour(12, 11, 1)).toBeNull();
  });

  it('sizes balloons up to radius 60 and jitters them within 1000 ms', () => {
    expect(balloonRadii([4, 1, 0])).toEqual([60, 30, 8]);
    const delays = balloonDelays(5, () => 0.999);
    expect(delays.every((d) => d >= 0 && d <= 1000)).toBe(true);
    expect(monthName(2026, 3)).toBe('March');
  });
});

describe('activity icons', () => {
  it('tells activities apart by a two-letter monogram', () => {
    expect(monogramOf('running')).toBe('Ru');
    expect(monogramOf('strength_training')).toBe('St');
    expect(monogramOf('generic')).toBe('•');
  });

  it('takes today in the member’s time zone, whatever the browser’s', () => {
    // 1 May 2026 02:00 UTC is still 30 April in New York and already 1 May in Tokyo.
    const now = new Date(Date.UTC(2026, 4, 1, 2));
    const inNewYork = todayIn('America/New_York', now);
    expect([inNewYork.getFullYear(), inNewYork.getMonth() + 1, inNewYork.getDate()]).toEqual([2026, 4, 30]);
    const inTokyo = todayIn('Asia/Tokyo', now);
    expect([inTokyo.getFullYear(), inTokyo.getMonth() + 1, inTokyo.getDate()]).toEqual([2026, 5, 1]);
    expect(lastMonths(inNewYork)[0]).toEqual({ year: 2026, month: 4 });
    expect(todayIn('Not/AZone', now).getFullYear()).toBe(now.getFullYear());
  });
});
