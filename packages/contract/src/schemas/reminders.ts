import { type Static, Type } from 'typebox';
import { QUIET_CLOCK_PATTERN } from '../quiet';
import { Nullable } from './common';

/**
 * Reminders and the weekly goal (issue 26 items 5 and 6, docs/decisions/0054): a daily check-in at a local
 * time, and a goal of active minutes a week that only its member sees.
 */
export const REMINDER_LIMITS = {
  /** ISO weekdays: Monday 1 .. Sunday 7. */
  dayMin: 1,
  dayMax: 7,
  /** The weekly goal in active minutes, when set. */
  goalMin: 10,
  goalMax: 3000,
} as const;

const Clock = Type.String({
  pattern: QUIET_CLOCK_PATTERN,
  description: 'HH:MM, 24 hours, in the member zone',
});
const Days = Type.Array(Type.Integer({ minimum: REMINDER_LIMITS.dayMin, maximum: REMINDER_LIMITS.dayMax }), {
  uniqueItems: true,
  maxItems: 7,
  description: 'ISO weekdays, Monday 1 .. Sunday 7',
});

export const MoodReminder = Type.Object({ enabled: Type.Boolean(), time: Clock });
export type MoodReminder = Static<typeof MoodReminder>;
export const ActivityReminder = Type.Object({ enabled: Type.Boolean(), time: Clock, days: Days });
export type ActivityReminder = Static<typeof ActivityReminder>;

/** GET /user/reminders. */
export const RemindersResponse = Type.Object({ mood: MoodReminder, activity: ActivityReminder });
export type RemindersResponse = Static<typeof RemindersResponse>;

export const REMINDER_DEFAULTS: RemindersResponse = {
  mood: { enabled: false, time: '20:00' },
  activity: { enabled: false, time: '18:00', days: [1, 3, 5] },
};

/** PUT /user/reminders: either part, each field of it optional; an unknown field is a 400. */
export const RemindersBody = Type.Object(
  {
    mood: Type.Optional(
      Type.Object(
        { enabled: Type.Optional(Type.Boolean()), time: Type.Optional(Clock) },
        { additionalProperties: false },
      ),
    ),
    activity: Type.Optional(
      Type.Object(
        { enabled: Type.Optional(Type.Boolean()), time: Type.Optional(Clock), days: Type.Optional(Days) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RemindersBody = Static<typeof RemindersBody>;

const GoalMinutes = Nullable(
  Type.Integer({
    minimum: REMINDER_LIMITS.goalMin,
    maximum: REMINDER_LIMITS.goalMax,
    description: 'active minutes a week; null when no goal is set',
  }),
);

/** GET and PUT /user/goal. */
export const WeeklyGoal = Type.Object(
  { weekly_active_minutes: GoalMinutes },
  { additionalProperties: false },
);
export type WeeklyGoal = Static<typeof WeeklyGoal>;

/** GET /user/goal/progress: this week (Monday first) in the member zone, from their activity sessions. */
export const GoalProgress = Type.Object({
  week_start: Type.String({ description: 'YYYY-MM-DD, the Monday of this week in the member zone' }),
  active_minutes: Type.Integer(),
  goal: GoalMinutes,
  days_active: Type.Integer({ description: 'days of this week with at least one activity session' }),
});
export type GoalProgress = Static<typeof GoalProgress>;
