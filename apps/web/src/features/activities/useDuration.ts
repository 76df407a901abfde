import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { hoursAndMinutes } from '../../ui/format';

/** Durations as hours and minutes ("1h 5m") through the locale's total-duration text (docs/product/activities-and-leaderboards.md#summary). */
export function useDuration() {
  const { t } = useTranslation();
  return (ms: number) => {
    const { hours, minutes } = hoursAndMinutes(ms);
    return t(T.totalDuration, positional(hours, minutes));
  };
}
