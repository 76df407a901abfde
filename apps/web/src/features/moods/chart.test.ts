import { Mood } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { CHART, chartColumns, isEmpty, labelledDays, laneY, minutesScale } from './chart';

const day = (date: string, moods: number[] = [], active_minutes = 0) => ({ date, moods, active_minutes });

describe('the mood chart geometry', () => {
  it('puts the moods in the picker order, excited on top', () => {
    expect(laneY(Mood.EXCITED)).toBe(CHART.lanesTop + CHART.laneHeight / 2);
    expect(laneY(Mood.ANXIOUS)).toBe(CHART.lanesTop + CHART.laneHeight * 4.5);
    expect(laneY(Mood.HAPPY)).toBeLessThan(laneY(Mood.SAD));
  });

  it('scales the bars to the longest day rounded up to a quarter hour', () => {
    expect(minutesScale([day('2026-03-01')])).toBe(15);
    expect(minutesScale([day('2026-03-01', [], 31), day('2026-03-02', [], 44)])).toBe(45);
    const { columns } = chartColumns([day('2026-03-01', [], 45), day('2026-03-02', [], 0)], 300);
    expect(columns[0].barHeight).toBe(CHART.barsBottom - CHART.barsTop);
    expect(columns[1].barHeight).toBe(0);
  });

  it('labels every day of a week, and evenly spaced days of longer periods that fit, today always', () => {
    expect([...labelledDays(7, 3)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const month = labelledDays(30, 5);
    expect(month.size).toBeLessThanOrEqual(5);
    expect(month.has(29)).toBe(true);
    const { columns } = chartColumns(
      Array.from({ length: 90 }, (_, i) => day(`2026-01-${i}`)),
      CHART.gutter + CHART.right + 4 * CHART.labelSpacing,
    );
    expect(columns.filter((c) => c.labelled).length).toBeLessThanOrEqual(4);
  });

  it('draws each mood of a day side by side in its column, in the order set', () => {
    const { columns } = chartColumns([day('2026-03-01', [Mood.SAD, Mood.HAPPY])], 200);
    const [first, second] = columns[0].dots;
    expect(first.x).toBeLessThan(second.x);
    expect([first.y, second.y]).toEqual([laneY(Mood.SAD), laneY(Mood.HAPPY)]);
  });

  it('is empty without any mood or activity', () => {
    expect(isEmpty([day('2026-03-01'), day('2026-03-02')])).toBe(true);
    expect(isEmpty([day('2026-03-01'), day('2026-03-02', [], 5)])).toBe(false);
  });
});
