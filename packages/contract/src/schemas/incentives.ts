import { type Static, Type } from 'typebox';
import { RewardKind } from '../enums';
import { Id, Nullable } from './common';

/** The top 30-day GoCoins bar of the madness history is full at this amount (docs/product/activities-and-leaderboards.md#history, docs/product/home-and-stars.md#pickers). */
export const GOCOIN_BAR_SCALE = 1800;
/** The days the madness history's "Your Top 30-day GoCoins" bar adds up. */
export const GOCOIN_WINDOW_DAYS = 30;

/**
 * What one activity rule of a plan counts (Orbit's choice, docs/decisions/0017): its units are read from
 * the member's activity sessions (minutes of duration, steps or strokes, calories, metres of distance).
 */
export const IncentiveUnit = { MINUTES: 1, STEPS: 2, CALORIES: 3, METERS: 4 } as const;
export type IncentiveUnit = (typeof IncentiveUnit)[keyof typeof IncentiveUnit];

/** Limits of a plan as an admin writes it (Orbit's choice: the spec does not show plan creation). */
export const INCENTIVE_LIMITS = {
  nameMax: 60,
  activitiesMax: 20,
  activityNameMax: 40,
  unitsPerRewardMax: 1_000_000,
  dailyMaximumMax: 1000,
  goalMax: 1_000_000,
  /** The widest history range one call answers (start_date..end_date, inclusive). */
  historyDaysMax: 366,
} as const;

const YMD = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a calendar date, Y-m-d' });
const RewardKindSchema = Type.Union([Type.Literal(RewardKind.TICKETS), Type.Literal(RewardKind.COINS)]);

/** The community a plan rewards (the madness form): shown with its avatar and its display name by type. */
export const IncentiveCommunity = Type.Object({
  community_id: Type.Integer(),
  name: Type.String(),
  community_type: Type.Integer(),
  image_url: Nullable(Type.String()),
  color: Nullable(Type.String()),
  initials: Nullable(Type.String()),
});
export type IncentiveCommunity = Static<typeof IncentiveCommunity>;

/** A plan as the picker lists it (docs/product/incentives-and-surveys.md#incentive-screen: incentive_plan_id, name). */
export const IncentivePlan = Type.Object({
  incentive_plan_id: Type.Integer(),
  name: Type.String(),
  reward_kind: RewardKindSchema,
  community: Nullable(IncentiveCommunity),
});
export type IncentivePlan = Static<typeof IncentivePlan>;
export const IncentivePlansResponse = Type.Object({ plans: Type.Array(IncentivePlan) });
export type IncentivePlansResponse = Static<typeof IncentivePlansResponse>;

export const IncentivePlanQuery = Type.Object({ incentive_plan_id: Id });

const RewardProgress = Type.Object({ reward_total: Type.Integer(), reward_goal: Type.Integer() });

/** One source of today's units of an activity: a session type logged by hand or sent by an app. */
export const ActivityBreakdown = Type.Object({
  image_url: Nullable(Type.String()),
  session_type: Type.Integer(),
  app_avatar_image: Nullable(Type.String()),
  session_name: Type.String(),
  current_day_progress: Type.Integer({ description: 'units from this source today' }),
});
export type ActivityBreakdown = Static<typeof ActivityBreakdown>;

export const IncentiveActivity = Type.Object({
  activity_type: Type.Integer(),
  activity_name: Type.String(),
  unit: Type.Integer(),
  units_per_reward: Type.Integer(),
  progress_units: Type.Integer({
    description: 'units toward the next reward (0 once the daily maximum is met)',
  }),
  current_day_reward_total: Type.Integer(),
  current_day_reward_goal: Type.Integer(),
  current_day_progress: Type.Integer({ description: 'units counted today' }),
  daily_maximum: Type.Integer(),
  activity_breakdown: Type.Array(ActivityBreakdown),
});
export type IncentiveActivity = Static<typeof IncentiveActivity>;

/** GET /user/incentive/details (docs/product/incentives-and-surveys.md#incentive-screen). Periods are the member's own days, weeks (Monday) and months. */
export const IncentiveDetails = Type.Object({
  ...IncentivePlan.properties,
  timezone: Type.String(),
  today: YMD,
  current_day: RewardProgress,
  current_week: RewardProgress,
  current_period: RewardProgress,
  current_balance: Type.Integer(),
  daily_maximum: Type.Integer({ description: 'the most a day can earn: the sum of the activities maxima' }),
  activities: Type.Array(IncentiveActivity),
});
export type IncentiveDetails = Static<typeof IncentiveDetails>;

/** The history calls take a plan, or (the community form) the community a plan rewards. */
export const IncentiveHistoryQuery = Type.Object({
  incentive_plan_id: Type.Optional(Id),
  community_id: Type.Optional(Id),
  start_date: Type.Optional(YMD),
  end_date: Type.Optional(YMD),
});
export type IncentiveHistoryQuery = Static<typeof IncentiveHistoryQuery>;

export const IncentiveDay = Type.Object({ date: YMD, amount: Type.Integer() });
export type IncentiveDay = Static<typeof IncentiveDay>;

/**
 * GET /user/incentive/history/summary: `dates[]` (docs/product/account-and-safety.md#profile), and the community form's `total_amount` with
 * `days[]` (docs/product/feeds-and-comments.md#attachments, docs/product/incentives-and-surveys.md#incentive-screen), the same days newest first.
 */
export const IncentiveHistorySummary = Type.Object({
  incentive_plan_id: Type.Integer(),
  reward_kind: RewardKindSchema,
  community: Nullable(IncentiveCommunity),
  start_date: YMD,
  end_date: YMD,
  total_amount: Type.Integer(),
  dates: Type.Array(IncentiveDay),
  days: Type.Array(IncentiveDay),
});
export type IncentiveHistorySummary = Static<typeof IncentiveHistorySummary>;

export const IncentiveHistoryActivity = Type.Object({
  date: YMD,
  activity_type: Type.Integer(),
  activity_name: Type.String(),
  unit: Type.Integer(),
  units: Type.Integer(),
  amount: Type.Integer(),
  activity_breakdown: Type.Array(ActivityBreakdown),
});
export type IncentiveHistoryActivity = Static<typeof IncentiveHistoryActivity>;
export const IncentiveHistoryDetails = Type.Object({ activities: Type.Array(IncentiveHistoryActivity) });
export type IncentiveHistoryDetails = Static<typeof IncentiveHistoryDetails>;

// Admin (organisation role 2): plans are written whole, their activity rules with them.

export const IncentiveRuleInput = Type.Object({
  activity_type: Type.Integer({ minimum: -1000, maximum: 1000 }),
  activity_name: Type.String({ minLength: 1, maxLength: INCENTIVE_LIMITS.activityNameMax }),
  unit: Type.Union([
    Type.Literal(IncentiveUnit.MINUTES),
    Type.Literal(IncentiveUnit.STEPS),
    Type.Literal(IncentiveUnit.CALORIES),
    Type.Literal(IncentiveUnit.METERS),
  ]),
  units_per_reward: Type.Integer({ minimum: 1, maximum: INCENTIVE_LIMITS.unitsPerRewardMax }),
  daily_maximum: Type.Integer({ minimum: 1, maximum: INCENTIVE_LIMITS.dailyMaximumMax }),
});
export type IncentiveRuleInput = Static<typeof IncentiveRuleInput>;

export const IncentivePlanInput = Type.Object({
  organization_id: Type.Optional(Id),
  community_id: Type.Optional(Nullable(Id)),
  name: Type.String({ minLength: 1, maxLength: INCENTIVE_LIMITS.nameMax }),
  reward_kind: RewardKindSchema,
  week_goal: Type.Integer({ minimum: 0, maximum: INCENTIVE_LIMITS.goalMax }),
  month_goal: Type.Integer({ minimum: 0, maximum: INCENTIVE_LIMITS.goalMax }),
  starts_on: YMD,
  activities: Type.Array(IncentiveRuleInput, { minItems: 1, maxItems: INCENTIVE_LIMITS.activitiesMax }),
});
export type IncentivePlanInput = Static<typeof IncentivePlanInput>;

export const AdminIncentivePlan = Type.Object({
  incentive_plan_id: Type.Integer(),
  organization_id: Type.Integer(),
  community_id: Nullable(Type.Integer()),
  name: Type.String(),
  reward_kind: RewardKindSchema,
  week_goal: Type.Integer(),
  month_goal: Type.Integer(),
  starts_on: YMD,
  activities: Type.Array(IncentiveRuleInput),
  updated_at: Type.String(),
});
export type AdminIncentivePlan = Static<typeof AdminIncentivePlan>;
export const AdminIncentivePlansResponse = Type.Object({ plans: Type.Array(AdminIncentivePlan) });
export type AdminIncentivePlansResponse = Static<typeof AdminIncentivePlansResponse>;
export const PlanIdParams = Type.Object({ id: Id });
