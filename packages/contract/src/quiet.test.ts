import { describe, expect, it } from 'vitest';
import { clockMinutes, currentQuietWindow, isQuietNow, lastEndedQuietWindow } from './quiet';

const night = { start: '22:00', end: '07:00' };
const at = (iso: string) => new Date(iso);

describe('quiet hours clock rule (decision 0044)', () => {
  it('reads HH:MM clock times and nothing else', () => {
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('23:59')).toBe(23 * 60 + 59);
    for (const bad of ['24:00', '7:00', '07:60', '0700', '']) expect(clockMinutes(bad)).toBeNull();
  });

  it('holds across midnight in the member zone, the end excluded', () => {
    expect(isQuietNow(night, 'UTC', at('2026-03-02T21:59:00Z'))).toBe(false);
    expect(isQuietNow(night, 'UTC', at('2026-03-02T22:00:00Z'))).toBe(true);
    expect(isQuietNow(night, 'UTC', at('2026-03-03T03:00:00Z'))).toBe(true);
    expect(isQuietNow(night, 'UTC', at('2026-03-03T07:00:00Z'))).toBe(false);
    // 23:30 in New York (UTC-5 in winter) is 04:30 UTC: quiet there, not in UTC.
    expect(isQuietNow(night, 'America/New_York', at('2026-01-15T04:30:00Z'))).toBe(true);
    expect(isQuietNow(night, 'America/New_York', at('2026-01-15T13:00:00Z'))).toBe(false);
  });

  it('holds within a day, and is off when unset or when it ends where it starts', () => {
    const afternoon = { start: '13:00', end: '15:00' };
    expect(isQuietNow(afternoon, 'UTC', at('2026-03-02T14:00:00Z'))).toBe(true);
    expect(isQuietNow(afternoon, 'UTC', at('2026-03-02T16:00:00Z'))).toBe(false);
    expect(isQuietNow(null, 'UTC', at('2026-03-02T23:00:00Z'))).toBe(false);
    expect(isQuietNow({ start: '22:00', end: '22:00' }, 'UTC', at('2026-03-02T22:30:00Z'))).toBe(false);
  });

  it('names the current window and the last one that ended, as instants', () => {
    const now = at('2026-03-03T03:00:00Z');
    expect(currentQuietWindow(night, 'UTC', now)).toEqual({
      start: at('2026-03-02T22:00:00Z'),
      end: at('2026-03-03T07:00:00Z'),
    });
    expect(lastEndedQuietWindow(night, 'UTC', now)).toEqual({
      start: at('2026-03-01T22:00:00Z'),
      end: at('2026-03-02T07:00:00Z'),
    });
    expect(lastEndedQuietWindow(night, 'UTC', at('2026-03-03T07:00:00Z'))?.end).toEqual(
      at('2026-03-03T07:00:00Z'),
    );
  });

  it('follows daylight saving: the wall clock, not a fixed offset', () => {
    // Paris moves from UTC+1 to UTC+2 on 2026-03-29: 22:00 local is 21:00 UTC before, 20:00 UTC after.
    expect(currentQuietWindow(night, 'Europe/Paris', at('2026-03-28T22:00:00Z'))?.start).toEqual(
      at('2026-03-28T21:00:00Z'),
    );
    expect(currentQuietWindow(night, 'Europe/Paris', at('2026-03-29T22:00:00Z'))?.start).toEqual(
      at('2026-03-29T20:00:00Z'),
    );
    // The night of the change ends at 07:00 summer time, 05:00 UTC.
    expect(currentQuietWindow(night, 'Europe/Paris', at('2026-03-29T01:00:00Z'))?.end).toEqual(
      at('2026-03-29T05:00:00Z'),
    );
  });
});
