import type { MoodDay } from '@orbit/contract';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { MoodFace } from '../../ui/MoodFace';
import { MOOD_ORDER } from '../social';
import { CHART, chartColumns, laneY } from './chart';
import styles from './Moods.module.css';
import { useWidth } from './useWidth';

/** A day's label under the axis: the weekday in a week, the month and day in longer periods. */
function dayLabel(date: string, count: number, locale: string) {
  const options: Intl.DateTimeFormatOptions =
    count <= 7 ? { weekday: 'short', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, options);
}

/**
 * Moods against active minutes per day, in plain SVG: a dot per mood set, in its lane (the lane's face and
 * colour name it), above the day's activity bar. The picture is decorative for a screen reader, which reads
 * `label` and the table beside it (MoodInsights).
 */
export function MoodChart({ days, label }: { days: MoodDay[]; label: string }) {
  const { t, i18n } = useTranslation();
  const { ref, width } = useWidth<HTMLDivElement>(320);
  const { columns, scale, dotRadius } = chartColumns(days, width);
  const locale = i18n.language.replace('_', '-');
  const right = width - CHART.right;
  const today = days.at(-1)?.date;
  // A week's short weekdays fit under their columns; a longer period's last date ends at the edge instead.
  const labelPlace = (x: number, last: boolean) =>
    last && days.length > 7 ? { x: right, textAnchor: 'end' as const } : { x, textAnchor: 'middle' as const };
  return (
    <div ref={ref} className={styles.chart}>
      <svg width={width} height={CHART.height} role="img" aria-label={label}>
        {MOOD_ORDER.map((mood) => (
          <g key={mood} className={styles[`mood${mood}`]}>
            <line className={styles.lane} x1={CHART.gutter} x2={right} y1={laneY(mood)} y2={laneY(mood)} />
            <g transform={`translate(2 ${laneY(mood) - 9})`}>
              <MoodFace mood={mood} size={18} />
            </g>
          </g>
        ))}
        <line
          className={styles.axis}
          x1={CHART.gutter}
          x2={right}
          y1={CHART.barsBottom}
          y2={CHART.barsBottom}
        />
        <text className={styles.scale} x={CHART.gutter} y={CHART.barsTop - 4}>
          {t(T.moodInsightsMinutesAxis, positional(scale))}
        </text>
        {columns.map((column) => (
          <g key={column.date}>
            {column.barHeight > 0 && (
              <rect
                className={styles.bar}
                x={column.x - column.barWidth / 2}
                y={CHART.barsBottom - column.barHeight}
                width={column.barWidth}
                height={column.barHeight}
                rx={Math.min(3, column.barWidth / 2)}
              />
            )}
            {column.dots.map((dot, i) => (
              <circle
                // The same mood may be set twice in a day: the order set tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the dots of a day never move
                key={i}
                className={`${styles.dot} ${styles[`mood${dot.mood}`]}`}
                cx={dot.x}
                cy={dot.y}
                r={dotRadius}
              />
            ))}
            {column.labelled && (
              <text
                className={styles.dayLabel}
                {...labelPlace(column.x, column.date === today)}
                y={CHART.labelsY}
              >
                {dayLabel(column.date, days.length, locale)}
              </text>
            )}
          </g>
        ))}
      </svg>
    </div>
  );
}
