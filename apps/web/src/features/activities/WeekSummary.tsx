import { activityIconName } from '@orbit/contract';
import { useActivitySummary } from '../../api/activities';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import cardStyles from '../../ui/Card.module.css';
import styles from './Activities.module.css';
import { ActivityIcon } from './ActivityIcon';
import { barColor } from './format';
import { LoadError } from './LoadError';
import { useDuration } from './useDuration';

/**
 * THIS WEEK on the user star page (docs/product/friends.md#member-page): the week's total and one bar per activity (five colours in
 * turn), with the history button; the member's own page also logs a session and opens the leaderboard.
 */
export function WeekSummary({ userId, own }: { userId: number; own: boolean }) {
  const { t } = useTranslation();
  const summary = useActivitySummary(userId);
  const duration = useDuration();
  const data = summary.data;
  const longest = Math.max(1, ...(data?.activities.map((a) => a.duration_millis) ?? []));
  return (
    <section
      className={`${cardStyles.card} ${styles.section}`}
      aria-labelledby={`week-${userId}`}
      aria-busy={summary.isPending}
    >
      <div className={styles.sectionHead}>
        <h3 id={`week-${userId}`} className={cardStyles.sectionTitle}>
          {t(T.thisWeek)}
        </h3>
        <div className={styles.buttons}>
          {own && <Button onClick={() => open('log-activity')}>{t(T.logActivity)}</Button>}
          {own && (
            <Button variant="secondary" onClick={() => open('leaderboard')}>
              {t(T.leaderboardTitle)}
            </Button>
          )}
          <Button variant="secondary" onClick={() => open('history', own ? undefined : { friendId: userId })}>
            {t(T.historyButton)}
          </Button>
        </div>
      </div>
      {summary.isError ? (
        <LoadError
          title={T.unableToGetUserActivity}
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      ) : !data ? (
        <p className={cardStyles.empty}>{t(T.loading)}</p>
      ) : data.activities.length === 0 ? (
        <p className={cardStyles.empty}>{t(T.noActivityThisWeek)}</p>
      ) : (
        <>
          <p className={styles.total}>{duration(data.total_duration_millis)}</p>
          <ul className={styles.bars}>
            {data.activities.map((a, i) => (
              <li key={`${a.type}:${a.session_type}`} className={styles.bar}>
                <ActivityIcon type={a.type} size="small" />
                <div className={styles.barName}>
                  <span>{t(`activity_icon.${activityIconName(a.type)}`)}</span>
                  <div className={styles.barTrack} aria-hidden="true">
                    <div
                      className={styles.barFill}
                      style={{ width: `${(100 * a.duration_millis) / longest}%`, background: barColor(i) }}
                    />
                  </div>
                </div>
                <span className={styles.barValue}>{duration(a.duration_millis)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
