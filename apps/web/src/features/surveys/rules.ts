import { SURVEY_ANSWER, type SurveyQuestion } from '@orbit/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The time left before a survey ends, as "3d 4h", "5h 10m" or "12m"; nothing once it has ended. */
export function remainingTime(endTime: string, now: number = Date.now()): string | null {
  const left = Date.parse(endTime) - now;
  if (!(left > 0)) return null;
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.max(1, Math.floor((left % HOUR) / MINUTE));
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

/** SUBMIT SURVEY sends one answer per question, each the number of an offered option (1..5, docs/product/incentives-and-surveys.md#survey-answer). */
export function canSubmit(
  questions: readonly SurveyQuestion[],
  answers: readonly (number | null)[],
): boolean {
  return (
    questions.length > 0 &&
    questions.every((q, i) => {
      const a = answers[i];
      return a != null && a >= SURVEY_ANSWER.min && a <= Math.min(SURVEY_ANSWER.max, q.options.length);
    })
  );
}

/** A survey's start or end as the member reads it, in their own locale and zone. */
export const formatTime = (iso: string, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
