import { positional, type TFunction, useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import { timeAgo } from './format';

const UNIT_KEYS = {
  seconds: T.timeAgoSeconds,
  minutes: T.timeAgoMinutes,
  hours: T.timeAgoHours,
  days: T.timeAgoDays,
  weeks: T.timeAgoWeeks,
} as const;

/** A date as time ago in words: "5m", "3d". */
export function timeAgoText(t: TFunction, iso: string): string {
  const ago = timeAgo(iso, Date.now());
  return t(UNIT_KEYS[ago.unit], positional(ago.value));
}

/** A date as time ago (s, m, h, d, w), with the full date for assistive technology and hover. */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  const { t } = useTranslation();
  const full = new Date(iso).toLocaleString();
  return (
    <time dateTime={iso} title={full} className={className}>
      {timeAgoText(t, iso)}
    </time>
  );
}
