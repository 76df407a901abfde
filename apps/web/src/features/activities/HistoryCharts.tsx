import type { HistoryActivity } from '@orbit/contract';
import { activityIconName, HISTORY } from '@orbit/contract';
import { useMemo } from 'react';
import {
  CartesianGrid,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';
import { useTranslation } from '../../i18n';
import styles from './Activities.module.css';
import { balloonDelays, balloonRadii, barColor } from './format';
import { useDuration } from './useDuration';

export interface Point {
  /** Day of month (month view) or month number (year view); the activity's rank when grouped by activity. */
  x: number;
  type: number;
  name: string;
  duration: number;
}

/** Readable names of the activities on the chart's rows, in first-seen order. */
function rowsOf(points: Point[]) {
  const rows: number[] = [];
  for (const p of points) if (!rows.includes(p.type)) rows.push(p.type);
  return rows;
}

/**
 * The bubble view: one bubble per day (or month) and activity, its area the time spent; the activities are
 * the rows, each in its colour. Drawn with recharts (docs/decisions/0016-charts.md).
 */
export function BubbleChart({
  points,
  xDomain,
  label,
  onPick,
}: {
  points: Point[];
  xDomain: [number, number];
  label: string;
  onPick?: (x: number) => void;
}) {
  const { t } = useTranslation();
  const duration = useDuration();
  const rows = useMemo(() => rowsOf(points), [points]);
  const nameOf = (type: number) => t(`activity_icon.${activityIconName(type)}`);
  return (
    <div
      className={`${styles.chart} ${rows.length > 4 ? styles.chartTall : ''}`}
      role="img"
      aria-label={label}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart margin={{ top: 8, right: 8, bottom: 4, left: 4 }}>
          <CartesianGrid stroke="rgba(143,176,255,0.12)" />
          <XAxis
            type="number"
            dataKey="x"
            domain={xDomain}
            allowDecimals={false}
            tick={{ fill: 'currentColor', fontSize: 11 }}
            stroke="rgba(143,176,255,0.4)"
          />
          <YAxis
            type="number"
            dataKey="row"
            domain={[-0.5, rows.length - 0.5]}
            ticks={rows.map((_, i) => i)}
            tickFormatter={(i: number) => nameOf(rows[i] ?? 0)}
            width={86}
            tick={{ fill: 'currentColor', fontSize: 11 }}
            stroke="rgba(143,176,255,0.4)"
          />
          <ZAxis type="number" dataKey="duration" range={[30, 600]} />
          <Tooltip
            cursor={false}
            formatter={(value, key) => (key === 'duration' ? duration(Number(value)) : value)}
            contentStyle={{ background: '#0b1430', border: '1px solid rgba(143,176,255,0.3)' }}
          />
          {rows.map((type, i) => (
            <Scatter
              key={type}
              name={nameOf(type)}
              data={points.filter((p) => p.type === type).map((p) => ({ ...p, row: i }))}
              fill={barColor(i)}
              isAnimationActive={false}
              onClick={(entry) => onPick?.((entry as unknown as { x: number }).x)}
              cursor={onPick ? 'pointer' : undefined}
            />
          ))}
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}

/**
 * The balloon view: the period's top activities (at most 5) as balloons, the longest at radius 60, each
 * bobbing from a moment within the 1000 ms jitter (docs/product/activities-and-leaderboards.md#history).
 */
export function Balloons({ activities, label }: { activities: HistoryActivity[]; label: string }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const top = activities.slice(0, HISTORY.balloonMaxActivities);
  const radii = balloonRadii(top.map((a) => a.duration_millis));
  const delays = useMemo(() => balloonDelays(top.length, Math.random), [top.length]);
  return (
    <ul className={styles.balloons} aria-label={label}>
      {top.map((a, i) => (
        <li
          key={`${a.type}:${a.session_type}:${a.session_kind}`}
          className={styles.balloon}
          style={{ animationDelay: `${delays[i]}ms` }}
        >
          <div
            className={styles.balloonBody}
            style={{ width: (radii[i] ?? 0) * 2, height: (radii[i] ?? 0) * 2.2, background: barColor(i) }}
          >
            {duration(a.duration_millis)}
          </div>
          <div className={styles.balloonString} aria-hidden="true" />
          <span className={styles.balloonLabel}>{t(`activity_icon.${activityIconName(a.type)}`)}</span>
        </li>
      ))}
    </ul>
  );
}
