import { describe, expect, it } from 'vitest';
import { daysMask, daysOfMask, EVERY_DAY, instantOf, nextOccurrence } from './schedule';

const at = (iso: string) => new Date(iso);
const wall = (iso: string) => Date.parse(`${iso}Z`);
const minute = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

describe('reminder schedule (decision 0054)', () => {
  it('keeps ISO weekdays as bits', () => {
    expect(daysOfMask(daysMask([1, 3, 5]))).toEqual([1, 3, 5]);
    expect(daysOfMask(EVERY_DAY)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('is the local time in the member zone', () => {
    // Berlin is UTC+1 in winter.
    expect(nextOccurrence(at('2026-01-15T10:00:00Z'), minute('20:00'), EVERY_DAY, 'Europe/Berlin')).toEqual(
      at('2026-01-15T19:00:00Z'),
    );
    // Already past today: tomorrow.
    expect(nextOccurrence(at('2026-01-15T19:00:00Z'), minute('20:00'), EVERY_DAY, 'Europe/Berlin')).toEqual(
      at('2026-01-16T19:00:00Z'),
    );
  });

  it('fires only on its weekdays', () => {
    // 2026-01-15 is a Thursday; Monday, Wednesday, Friday -> Friday the 16th.
    expect(nextOccurrence(at('2026-01-15T10:00:00Z'), minute('18:00'), daysMask([1, 3, 5]), 'UTC')).toEqual(
      at('2026-01-16T18:00:00Z'),
    );
    expect(nextOccurrence(at('2026-01-15T10:00:00Z'), 0, 0, 'UTC')).toBeNull();
  });

  it('moves a skipped time to the first minute after it, on the day the clocks go forward', () => {
    // Berlin 2026-03-29: 02:00 CET becomes 03:00 CEST (01:00 UTC); 02:30 never shows.
    expect(new Date(instantOf(wall('2026-03-29T02:30:00'), 'Europe/Berlin'))).toEqual(
      at('2026-03-29T01:00:00Z'),
    );
    expect(nextOccurrence(at('2026-03-28T12:00:00Z'), minute('20:00'), EVERY_DAY, 'Europe/Berlin')).toEqual(
      at('2026-03-28T19:00:00Z'),
    );
    expect(nextOccurrence(at('2026-03-29T12:00:00Z'), minute('20:00'), EVERY_DAY, 'Europe/Berlin')).toEqual(
      at('2026-03-29T18:00:00Z'),
    );
  });

  it('fires a repeated time once, at its first showing, on the day the clocks go back', () => {
    // Berlin 2026-10-25: 03:00 CEST becomes 02:00 CET (01:00 UTC); 02:30 shows at 00:30 and 01:30 UTC.
    const first = nextOccurrence(at('2026-10-24T12:00:00Z'), minute('02:30'), EVERY_DAY, 'Europe/Berlin');
    expect(first).toEqual(at('2026-10-25T00:30:00Z'));
    // Fired then, it is next due the day after, not at the second 02:30.
    expect(nextOccurrence(first as Date, minute('02:30'), EVERY_DAY, 'Europe/Berlin')).toEqual(
      at('2026-10-26T01:30:00Z'),
    );
  });
});
