import { describe, expect, it } from 'vitest';
import { abbreviate, excerpt, hoursAndMinutes, K_ABOVE, timeAgo, twoDecimals } from './format';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('time ago', () => {
  it('uses the largest whole unit of s, m, h, d, w', () => {
    expect(timeAgo(ago(5), NOW)).toEqual({ unit: 'seconds', value: 5 });
    expect(timeAgo(ago(59), NOW)).toEqual({ unit: 'seconds', value: 59 });
    expect(timeAgo(ago(60), NOW)).toEqual({ unit: 'minutes', value: 1 });
    expect(timeAgo(ago(3 * 3600 + 10), NOW)).toEqual({ unit: 'hours', value: 3 });
    expect(timeAgo(ago(6 * 86400), NOW)).toEqual({ unit: 'days', value: 6 });
    expect(timeAgo(ago(15 * 86400), NOW)).toEqual({ unit: 'weeks', value: 2 });
  });
  it('never answers a negative time for a clock ahead of ours', () => {
    expect(timeAgo(ago(-30), NOW)).toEqual({ unit: 'seconds', value: 0 });
  });
});

describe('activity figures', () => {
  it('abbreviates calories above 900 and steps above 500 with k', () => {
    expect(abbreviate(900, K_ABOVE.calories)).toBe('900');
    expect(abbreviate(950, K_ABOVE.calories)).toBe('0.95k');
    expect(abbreviate(500, K_ABOVE.steps)).toBe('500');
    expect(abbreviate(12345, K_ABOVE.steps)).toBe('12.35k');
  });
  it('shows distance with two decimals and durations as hours and minutes', () => {
    expect(twoDecimals(3.1)).toBe('3.10');
    expect(twoDecimals(5)).toBe('5.00');
    expect(hoursAndMinutes(95 * 60000 + 59000)).toEqual({ hours: 1, minutes: 35 });
  });
});

describe('excerpt', () => {
  it('quotes a short text on one line, and gives nothing for an empty one', () => {
    expect(excerpt('  Morning\n walk  ')).toBe('“Morning walk”');
    expect(excerpt('   ')).toBeUndefined();
    expect(excerpt(null)).toBeUndefined();
  });
  it('cuts a long text at a word with an ellipsis', () => {
    const long = `${'word '.repeat(30)}end`;
    const cut = excerpt(long) ?? '';
    expect(cut.endsWith('word…”')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(83);
  });
});
