import { type Static, Type } from 'typebox';
import { MOOD_MAX, MOOD_MIN } from '../enums';
import { Nullable } from './common';

/** The periods GET /user/mood/insights answers (issue 14 item 5): a week to a year of days, today included. */
export const MOOD_INSIGHTS_DAYS = { min: 7, max: 365, default: 7 } as const;

const MoodValue = Type.Integer({
  minimum: MOOD_MIN,
  maximum: MOOD_MAX,
  description: 'a mood, 1..5 (docs/product/activities-and-leaderboards.md#moods)',
});

/**
 * A summary mood: the most common of the moods set in its days. Moods are five kinds (happy, sad, depressed,
 * anxious, excited), not a scale, so there is no average; a tie goes to the one of the tied moods set last.
 */
const SummaryMood = (which: string) =>
  Nullable(
    Type.Integer({
      minimum: MOOD_MIN,
      maximum: MOOD_MAX,
      description: `the most common mood set on ${which} (a tie: the tied mood set last); null when none was set there`,
    }),
  );

export const MoodInsightsQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Integer({
        minimum: MOOD_INSIGHTS_DAYS.min,
        maximum: MOOD_INSIGHTS_DAYS.max,
        default: MOOD_INSIGHTS_DAYS.default,
        description:
          'how many days, counted back from today (included) in the member own time zone (users.timezone)',
      }),
    ),
  },
  // Nobody reads another member's moods: the call answers the caller's own, and names no member.
  { additionalProperties: false },
);
export type MoodInsightsQuery = Static<typeof MoodInsightsQuery>;

/** One calendar day of the member's own time zone. */
export const MoodDay = Type.Object({
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'the local day, YYYY-MM-DD' }),
  moods: Type.Array(MoodValue, {
    description:
      'every mood the member set that day, in the order set (the same mood twice counts twice); [] for none',
  }),
  active_minutes: Type.Integer({
    minimum: 0,
    description:
      'the summed duration of the activity logs that started that day, rounded to whole minutes; 0 for none',
  }),
});
export type MoodDay = Static<typeof MoodDay>;

/** GET /user/mood/insights: the caller's own moods against their activity, one entry per day, oldest first. */
export const MoodInsightsResponse = Type.Object({
  days: Type.Array(MoodDay, {
    description: 'every day of the period, oldest first and ending today: days with nothing are there too',
  }),
  summary: Type.Object({
    most_common_mood: SummaryMood('any day of the period'),
    active_days_mood: SummaryMood('days with active_minutes above 0'),
    rest_days_mood: SummaryMood('days with active_minutes 0'),
  }),
});
export type MoodInsightsResponse = Static<typeof MoodInsightsResponse>;
