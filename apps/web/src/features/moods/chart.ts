import type { MoodDay } from '@orbit/contract';
import { MOOD_ORDER } from '../social';

/**
 * The geometry of the mood chart, in pixels of its measured width: five mood lanes on top (the picker's
 * order, docs/product/activities-and-leaderboards.md#moods), the day's active minutes as bars below, one column per day. Pure, so it is tested alone.
 */
export const CHART = {
  height: 200,
  gutter: 28,
  right: 6,
  laneHeight: 20,
  lanesTop: 4,
  barsTop: 124,
  barsBottom: 178,
  labelsY: 194,
  /** Date labels under the axis stand at least this far apart (a month and day fits with room), today always labelled. */
  labelSpacing: 64,
} as const;

/** The vertical middle of a mood's lane. */
export function laneY(mood: number): number {
  const lane = Math.max(0, (MOOD_ORDER as readonly number[]).indexOf(mood));
  return CHART.lanesTop + CHART.laneHeight * (lane + 0.5);
}

/** The bars' top: the longest day rounded up to a quarter hour (at least one), so the scale reads plainly. */
export function minutesScale(days: readonly MoodDay[]): number {
  const longest = Math.max(0, ...days.map((d) => d.active_minutes));
  return Math.max(15, Math.ceil(longest / 15) * 15);
}

/** Which days carry a date label: a week's every day, else evenly spaced ones ending at today. */
export function labelledDays(count: number, maxLabels: number): Set<number> {
  if (count <= 7) return new Set(Array.from({ length: count }, (_, i) => i));
  const every = Math.max(1, Math.ceil(count / maxLabels));
  const labelled = new Set<number>();
  for (let i = count - 1; i >= 0; i -= every) labelled.add(i);
  return labelled;
}

export interface Column {
  date: string;
  /** The column's middle. */
  x: number;
  barWidth: number;
  barHeight: number;
  dots: { mood: number; x: number; y: number }[];
  labelled: boolean;
}

export function chartColumns(days: readonly MoodDay[], width: number) {
  const plotWidth = width - CHART.gutter - CHART.right;
  const step = plotWidth / Math.max(1, days.length);
  const scale = minutesScale(days);
  const barRoom = CHART.barsBottom - CHART.barsTop;
  const dotRadius = Math.min(5, Math.max(2, step * 0.3));
  const labelled = labelledDays(days.length, Math.max(2, Math.floor(plotWidth / CHART.labelSpacing)));
  const columns: Column[] = days.map((day, i) => {
    const x = CHART.gutter + step * (i + 0.5);
    // Several moods of one day sit side by side in the column, in the order they were set.
    const spread = Math.min(dotRadius * 2, step / Math.max(1, day.moods.length));
    return {
      date: day.date,
      x,
      barWidth: Math.max(1, step * 0.6),
      barHeight: (barRoom * day.active_minutes) / scale,
      dots: day.moods.map((mood, j) => ({
        mood,
        x: x + spread * (j - (day.moods.length - 1) / 2),
        y: laneY(mood),
      })),
      labelled: labelled.has(i),
    };
  });
  return { columns, scale, dotRadius };
}

export const isEmpty = (days: readonly MoodDay[]) =>
  days.every((d) => d.moods.length === 0 && d.active_minutes === 0);
