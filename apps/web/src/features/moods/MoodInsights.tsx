import type { MoodInsightsResponse } from '@orbit/contract';
import { useState } from 'react';
import { useMoodInsights } from '../../api/moods';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import cardStyles from '../../ui/Card.module.css';
import { Segmented } from '../../ui/Field';
import { MoodFace } from '../../ui/MoodFace';
import { activityStyles, LoadError } from '../activities';
import { moodKey } from '../social';
import { isEmpty } from './chart';
import { MoodChart } from './MoodChart';
import styles from './Moods.module.css';

/** The periods the member may look back over; the server takes 7 to 365 days. */
const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];

/**
 * The member's private mood insights on their own page (issue 14): their moods against their active
 * minutes per day over the last 7, 30 or 90 days, with the period's summary and, for a screen reader, the
 * same figures as a table.
 */
export function MoodInsights() {
  const { t, tCount } = useTranslation();
  const [period, setPeriod] = useState<Period>(7);
  const insights = useMoodInsights(period);
  const data = insights.data;
  return (
    <section
      className={`${cardStyles.card} ${activityStyles.section}`}
      aria-labelledby="mood-insights"
      aria-busy={insights.isFetching}
    >
      <div className={activityStyles.sectionHead}>
        <h3 id="mood-insights" className={cardStyles.sectionTitle}>
          {t(T.moodInsightsTitle)}
        </h3>
        <Segmented
          legend={t(T.moodInsightsPeriod)}
          value={period}
          options={PERIODS.map((days) => ({ value: days, label: tCount(T.moodInsightsDays, days) }))}
          onChange={setPeriod}
        />
      </div>
      {insights.isError ? (
        <LoadError
          title={T.moodInsightsUnable}
          error={insights.error}
          onRetry={() => void insights.refetch()}
        />
      ) : !data ? (
        <p className={cardStyles.empty}>{t(T.loading)}</p>
      ) : isEmpty(data.days) ? (
        <p className={cardStyles.empty}>{t(T.moodInsightsEmpty)}</p>
      ) : (
        <Insights data={data} />
      )}
    </section>
  );
}

function Insights({ data }: { data: MoodInsightsResponse }) {
  const { t } = useTranslation();
  const moodName = (mood: number | null) => t(mood === null ? T.moodInsightsNoMood : moodKey(mood));
  const { most_common_mood, active_days_mood, rest_days_mood } = data.summary;
  const label = t(
    T.moodInsightsChartLabel,
    positional(
      data.days.length,
      moodName(most_common_mood),
      moodName(active_days_mood),
      moodName(rest_days_mood),
    ),
  );
  const summary = [
    [T.moodInsightsMostCommon, most_common_mood],
    [T.moodInsightsActiveDays, active_days_mood],
    [T.moodInsightsRestDays, rest_days_mood],
  ] as const;
  return (
    <>
      <MoodChart days={data.days} label={label} />
      <dl className={styles.summary}>
        {summary.map(([name, mood]) => (
          <div key={name}>
            <dt>{t(name)}</dt>
            <dd>
              {mood !== null && (
                <span className={styles[`mood${mood}`]}>
                  <MoodFace mood={mood} size={20} />
                </span>
              )}
              <span>{moodName(mood)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t(T.moodInsightsDay)}</th>
            <th scope="col">{t(T.moodInsightsMoods)}</th>
            <th scope="col">{t(T.moodInsightsMinutes)}</th>
          </tr>
        </thead>
        <tbody>
          {data.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.date}</th>
              <td>{day.moods.map((mood) => t(moodKey(mood))).join(', ')}</td>
              <td>{day.active_minutes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
