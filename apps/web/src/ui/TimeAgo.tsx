import { positional, useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import { timeAgo } from './format';

const UNIT_KEYS = {
  seconds: T.timeAgoSeconds,
  minutes: T.timeAgoMinutes,
  hours: T.timeAgoHours,
  days: T.timeAgoDays,
  weeks: T.timeAgoWeeks,
} as const;

/** A date as time ago (s, m, h, d, w), with the full date for assistive technology and hover. */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  const { t } = useTranslation();
  const ago = timeAgo(iso, Date.now());
  const full = new Date(iso).toLocaleString();
  return (
    <time dateTime={iso} title={full} className={className}>
      {t(UNIT_KEYS[ago.unit], positional(ago.value))}
    </time>
  );
}
