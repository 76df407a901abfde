import type { PostActivityView } from '@orbit/contract';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { abbreviate, hoursAndMinutes, K_ABOVE, twoDecimals } from '../../ui/format';
import styles from './Feeds.module.css';

/** An activity post's figures (001 §2): duration, calories, steps or strokes (session type 69), distance. */
export function ActivityDetails({ activity }: { activity: PostActivityView }) {
  const { t } = useTranslation();
  const duration = hoursAndMinutes(activity.duration);
  const strokes = activity.strokes !== null;
  const count = strokes ? activity.strokes : activity.steps;
  const figures: [string, string][] = [
    [t(T.activityDuration), t(T.totalDuration, positional(duration.hours, duration.minutes))],
  ];
  if (activity.calories !== null) {
    figures.push([t(T.activityCalories), abbreviate(activity.calories, K_ABOVE.calories)]);
  }
  if (count !== null) {
    figures.push([t(strokes ? T.activityStrokes : T.activitySteps), abbreviate(count, K_ABOVE.steps)]);
  }
  if (activity.distance !== null) {
    const unit = t(activity.distance_unit === 'km' ? T.distanceKm : T.distanceMile);
    figures.push([t(T.activityDistance), `${twoDecimals(activity.distance)} ${unit}`]);
  }
  return (
    <div className={styles.activity}>
      <p className={styles.activityName}>{activity.activity_name}</p>
      <dl className={styles.figures}>
        {figures.map(([name, value]) => (
          <div key={name} className={styles.figure}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
