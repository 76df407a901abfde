import { type ActivityHistoryResponse, activityIconName, HistoryGroupBy } from '@orbit/contract';
import { useMemo, useState } from 'react';
import { useActivityHistory } from '../../api/activities';
import { useMe } from '../../api/profiles';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { IconButton } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import { Segmented, SelectField } from '../../ui/Field';
import { SwipePanel } from '../../ui/SwipePanel';
import styles from './Activities.module.css';
import { ActivityIcon } from './ActivityIcon';
import { lastMonths, lastYears, monthName, neighbour, todayIn } from './format';
import { Balloons, BubbleChart, type Point } from './HistoryCharts';
import { LoadError } from './LoadError';
import { useDuration } from './useDuration';

type View = 'month' | 'year';
type Style = 'bubbles' | 'balloons';

/** Bubble points of the answer: days (month by date), months (year by date) or the activities ranked. */
function pointsOf(data: ActivityHistoryResponse, view: View, groupBy: HistoryGroupBy): Point[] {
  if (groupBy === HistoryGroupBy.ACTIVITY) {
    return data.activities.map((a, i) => ({
      x: i + 1,
      type: a.type,
      name: a.name,
      duration: a.duration_millis,
    }));
  }
  if (view === 'month') {
    return data.activities.map((a) => ({
      x: Number(a.day?.slice(8, 10)),
      type: a.type,
      name: a.name,
      duration: a.duration_millis,
    }));
  }
  return data.activities_by_month.flatMap((m) =>
    m.activities.map((a) => ({ x: m.month, type: a.type, name: a.name, duration: a.duration_millis })),
  );
}

/** The balloons' activities: the period's activities by time, longest first. */
function topActivities(data: ActivityHistoryResponse, view: View, groupBy: HistoryGroupBy) {
  if (view === 'month' && groupBy === HistoryGroupBy.DATE)
    return data.activities_by_month[0]?.activities ?? [];
  return data.activities;
}

/**
 * The history screen (docs/product/activities-and-leaderboards.md#history): Month or Year, by Date or by Activity, bubbles or balloons; the month
 * picker lists the last 12 months and the year picker this year and the two before; swiping (or the arrow
 * buttons) moves by month or year. Picking a month in the year view opens that month by activity.
 */
export function HistoryView({ friendId }: { friendId?: number }) {
  const { t, i18n } = useTranslation();
  const duration = useDuration();
  const zone = useMe()?.timezone;
  const today = useMemo(() => todayIn(zone, new Date()), [zone]);
  const months = useMemo(() => lastMonths(today), [today]);
  const years = useMemo(() => lastYears(today), [today]);
  const [view, setView] = useState<View>('month');
  const [groupBy, setGroupBy] = useState<HistoryGroupBy>(HistoryGroupBy.DATE);
  const [style, setStyle] = useState<Style>('bubbles');
  const [monthIndex, setMonthIndex] = useState(0);
  const [yearIndex, setYearIndex] = useState(0);
  const [entering, setEntering] = useState<-1 | 0 | 1>(0);
  const month = months[monthIndex] ?? months[0];
  const year =
    view === 'month' ? (month?.year ?? today.getFullYear()) : (years[yearIndex] ?? today.getFullYear());
  const history = useActivityHistory({
    friendId,
    groupBy,
    year,
    month: view === 'month' ? month?.month : undefined,
  });
  const fullMonth =
    view === 'month' && month ? monthName(month.year, month.month, i18n.language.replace('_', '-')) : '';
  const title = t(T.historyTitle, positional(fullMonth, year)).replace(/\s+/g, ' ');

  /** -1 is newer (swipe left, the next page), 1 older. */
  const move = (direction: -1 | 1) => {
    const [list, index, set] =
      view === 'month' ? [months, monthIndex, setMonthIndex] : [years, yearIndex, setYearIndex];
    const next = neighbour(list.length, index, direction === 1 ? 1 : -1);
    if (next === null) return;
    setEntering(direction === 1 ? 1 : -1);
    set(next);
  };
  const pickMonth = (monthNumber: number) => {
    const index = months.findIndex((m) => m.year === year && m.month === monthNumber);
    if (index < 0) return;
    setMonthIndex(index);
    setView('month');
    setGroupBy(HistoryGroupBy.ACTIVITY);
    setEntering(0);
  };

  const data = history.data;
  return (
    <div className={styles.stack}>
      <div className={styles.controls}>
        <Segmented
          legend={t(T.historyPeriod)}
          value={view}
          options={[
            { value: 'month', label: t(T.historyMonth) },
            { value: 'year', label: t(T.historyYear) },
          ]}
          onChange={(value) => {
            setEntering(0);
            setView(value);
          }}
        />
        <Segmented
          legend={t(T.historyGroupBy)}
          value={groupBy}
          options={[
            { value: HistoryGroupBy.DATE, label: t(T.historyByDate) },
            { value: HistoryGroupBy.ACTIVITY, label: t(T.historyByActivity) },
          ]}
          onChange={setGroupBy}
        />
        <Segmented
          legend={t(T.historyView)}
          value={style}
          options={[
            { value: 'bubbles', label: t(T.historyBubbles) },
            { value: 'balloons', label: t(T.historyBalloons) },
          ]}
          onChange={setStyle}
        />
        {view === 'month' ? (
          <SelectField
            label={t(T.historyPickMonth)}
            value={String(monthIndex)}
            options={months.map((m, i) => ({
              value: String(i),
              label: `${monthName(m.year, m.month)} ${m.year}`,
            }))}
            onChange={(event) => {
              setEntering(0);
              setMonthIndex(Number(event.target.value));
            }}
          />
        ) : (
          <SelectField
            label={t(T.historyPickYear)}
            value={String(yearIndex)}
            options={years.map((y, i) => ({ value: String(i), label: String(y) }))}
            onChange={(event) => {
              setEntering(0);
              setYearIndex(Number(event.target.value));
            }}
          />
        )}
      </div>
      <div className={styles.periodNav}>
        <IconButton label={t(T.historyPrevious)} onClick={() => move(1)}>
          ‹
        </IconButton>
        <div>
          <h3 className={styles.title}>{title}</h3>
          <p className={styles.subtitle}>{view === 'month' ? fullMonth : year}</p>
          <p className={styles.subtitle} aria-live="polite">
            {data ? duration(data.total_duration_millis) : t(T.loading)}
          </p>
        </div>
        <IconButton label={t(T.historyNext)} onClick={() => move(-1)}>
          ›
        </IconButton>
      </div>
      <SwipePanel stateKey={`${view}:${year}:${monthIndex}`} entering={entering} onSwipe={move} label={title}>
        {history.isError ? (
          <LoadError title={T.historyUnable} error={history.error} onRetry={() => void history.refetch()} />
        ) : !data ? (
          <p className={cardStyles.empty}>{t(T.loading)}</p>
        ) : data.total_duration_millis === 0 ? (
          <p className={cardStyles.empty}>{t(T.historyEmpty)}</p>
        ) : (
          <HistoryBody
            data={data}
            view={view}
            groupBy={groupBy}
            style={style}
            title={title}
            onPickMonth={pickMonth}
          />
        )}
      </SwipePanel>
    </div>
  );
}

function HistoryBody({
  data,
  view,
  groupBy,
  style,
  title,
  onPickMonth,
}: {
  data: ActivityHistoryResponse;
  view: View;
  groupBy: HistoryGroupBy;
  style: Style;
  title: string;
  onPickMonth: (month: number) => void;
}) {
  const { t } = useTranslation();
  const duration = useDuration();
  const label = t(T.historyChartLabel, positional(title));
  const pickable = view === 'year' && groupBy === HistoryGroupBy.DATE;
  return (
    <div className={styles.stack}>
      {style === 'balloons' ? (
        <Balloons activities={topActivities(data, view, groupBy)} label={label} />
      ) : (
        <BubbleChart
          points={pointsOf(data, view, groupBy)}
          xDomain={
            groupBy === HistoryGroupBy.ACTIVITY
              ? [0, data.activities.length + 1]
              : view === 'month'
                ? [1, 31]
                : [1, 12]
          }
          label={label}
          onPick={pickable ? onPickMonth : undefined}
        />
      )}
      {view === 'year' ? (
        <ul className={`${cardStyles.list} ${styles.list}`} aria-label={t(T.historyMonth)}>
          {data.activities_by_month.map((m) => (
            <li key={m.month}>
              <button type="button" className={styles.listRow} onClick={() => onPickMonth(m.month)}>
                <span className={styles.rank}>{monthName(m.year, m.month).slice(0, 3)}</span>
                <span>
                  {m.activities.map((a) => t(`activity_icon.${activityIconName(a.type)}`)).join(', ')}
                </span>
                <span className={styles.duration}>{duration(m.total_duration_millis)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <ul
          className={`${cardStyles.list} ${styles.list}`}
          aria-label={t(groupBy === HistoryGroupBy.DATE ? T.historyByDate : T.historyByActivity)}
        >
          {data.activities.map((a) => (
            <li key={`${a.day}:${a.type}:${a.session_type}:${a.session_kind}`} className={styles.listRow}>
              <ActivityIcon type={a.type} size="small" />
              <span>
                {a.day ? `${a.day.slice(8, 10)} · ` : ''}
                {t(`activity_icon.${activityIconName(a.type)}`)}
              </span>
              <span className={styles.duration}>{duration(a.duration_millis)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
