import type { PostActivityView } from '@orbit/contract';
import { positional, type TFunction, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { abbreviate, hoursAndMinutes, K_ABOVE, twoDecimals } from '../../ui/format';
import styles from './Feeds.module.css';
import { type ActivityFigure, activityFigures } from './figures';

const NAMES = {
  duration: T.activityDuration,
  calories: T.activityCalories,
  steps: T.activitySteps,
  strokes: T.activityStrokes,
  distance: T.activityDistance,
} as const;

function shownValue(figure: ActivityFigure, t: TFunction): string {
  switch (figure.kind) {
    case 'duration': {
      const { hours, minutes } = hoursAndMinutes(figure.value);
      return t(T.totalDuration, positional(hours, minutes));
    }
    case 'calories':
      return abbreviate(figure.value, K_ABOVE.calories);
    case 'distance':
      return `${twoDecimals(figure.value)} ${t(figure.unit === 'km' ? T.distanceKm : T.distanceMile)}`;
    default:
      return abbreviate(figure.value, K_ABOVE.steps);
  }
}

/** An activity post's figures (docs/product/feeds-and-comments.md#activity-posts), those it measured above zero. */
export function ActivityDetails({ activity }: { activity: PostActivityView }) {
  const { t } = useTranslation();
  return (
    <div className={styles.activity}>
      <p className={styles.activityName}>{activity.activity_name}</p>
      <dl className={styles.figures}>
        {activityFigures(activity).map((figure) => (
          <div key={figure.kind} className={styles.figure}>
            <dt>{t(NAMES[figure.kind])}</dt>
            <dd>{shownValue(figure, t)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
