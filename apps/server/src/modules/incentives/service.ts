import {
  ErrorCode,
  GOCOIN_WINDOW_DAYS,
  INCENTIVE_LIMITS,
  type IncentiveDetails,
  type IncentiveHistoryDetails,
  type IncentiveHistoryQuery,
  type IncentiveHistorySummary,
  type IncentivePlansResponse,
} from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { addDays, localDay, monthOf, safeZone, weekOf } from '../activities';
import { findUser } from '../faces';
import { presentCommunity, presentPlan, presentSources } from './presenter';
import { dayFigures, type LoadedPlan, visiblePlan, visiblePlans } from './queries';
import { type ActivityDay, activityDays, amountBetween, rewardsByDay, unitsTowardNext } from './rules';

/** GET /user/incentive/plans: the plan picker's plans (the INCENTIVE star lists their ids). */
export async function listPlans(db: Queryable, userId: number): Promise<IncentivePlansResponse> {
  return { plans: (await visiblePlans(db, userId)).map(presentPlan) };
}

/** The member's zone and today, which every period is measured from (their profile's time zone). */
async function memberClock(db: Queryable, userId: number, now: Date) {
  const zone = safeZone((await findUser(db, userId)).timezone);
  return { zone, today: localDay(now, zone) };
}

/** The plan's activity days from `from` to `to` (inclusive), never before the plan starts. */
async function planDays(
  db: Queryable,
  userId: number,
  zone: string,
  loaded: LoadedPlan,
  from: string,
  to: string,
) {
  const start = from > loaded.plan.startsOn ? from : loaded.plan.startsOn;
  const figures = await dayFigures(
    db,
    userId,
    zone,
    { from: start, until: addDays(to, 1) },
    loaded.rules.map((r) => r.activityType),
  );
  return activityDays(loaded.rules, figures);
}

/**
 * GET /user/incentive/details (docs/product/incentives-and-surveys.md#incentive-screen): today's, this week's (from Monday) and this month's rewards against
 * their goals, the balance since the plan started, and each activity's day.
 */
export async function incentiveDetails(
  db: Queryable,
  userId: number,
  planId: number,
  now = new Date(),
): Promise<IncentiveDetails> {
  const loaded = await visiblePlan(db, userId, { planId });
  const { zone, today } = await memberClock(db, userId, now);
  const days = await planDays(db, userId, zone, loaded, loaded.plan.startsOn, today);
  const week = weekOf(today).from;
  const month = monthOf(Number(today.slice(0, 4)), Number(today.slice(5, 7))).from;
  const dailyMaximum = loaded.rules.reduce((sum, r) => sum + r.dailyMaximum, 0);
  const dayTotal = amountBetween(days, today, today);
  return {
    ...presentPlan(loaded),
    timezone: zone,
    today,
    current_day: { reward_total: dayTotal, reward_goal: dailyMaximum },
    current_week: { reward_total: amountBetween(days, week, today), reward_goal: loaded.plan.weekGoal },
    current_period: { reward_total: amountBetween(days, month, today), reward_goal: loaded.plan.monthGoal },
    current_balance: amountBetween(days, loaded.plan.startsOn, today),
    daily_maximum: dailyMaximum,
    activities: loaded.rules.map((rule) => {
      const day = days.find((d) => d.day === today && d.rule.activityType === rule.activityType);
      const units = day?.units ?? 0;
      return {
        activity_type: rule.activityType,
        activity_name: rule.activityName,
        unit: rule.unit,
        units_per_reward: rule.unitsPerReward,
        progress_units: unitsTowardNext(rule, units),
        current_day_reward_total: day?.amount ?? 0,
        current_day_reward_goal: rule.dailyMaximum,
        current_day_progress: units,
        daily_maximum: rule.dailyMaximum,
        activity_breakdown: presentSources(day?.sources ?? []),
      };
    }),
  };
}

/** The plan and the days a history call asks for: by plan or by community, the last 30 days by default. */
async function historyScope(db: Queryable, userId: number, query: IncentiveHistoryQuery, now: Date) {
  if (query.incentive_plan_id === undefined && query.community_id === undefined) {
    throw badRequest(ErrorCode.plan_required, 'incentive_plan_id or community_id is required');
  }
  const loaded = await visiblePlan(db, userId, {
    planId: query.incentive_plan_id,
    communityId: query.community_id,
  });
  const { zone, today } = await memberClock(db, userId, now);
  const end = query.end_date ?? today;
  const start = query.start_date ?? addDays(end, 1 - GOCOIN_WINDOW_DAYS);
  const span = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
  if (Number.isNaN(span) || span < 1 || span > INCENTIVE_LIMITS.historyDaysMax) {
    throw badRequest(
      ErrorCode.invalid_range,
      `start_date must be a day on or before end_date, at most ${INCENTIVE_LIMITS.historyDaysMax} days before`,
    );
  }
  const days: ActivityDay[] = await planDays(db, userId, zone, loaded, start, end);
  return { loaded, start, end, days };
}

/** GET /user/incentive/history/summary: the rewards per day, newest first, and their total. */
export async function historySummary(
  db: Queryable,
  userId: number,
  query: IncentiveHistoryQuery,
  now = new Date(),
): Promise<IncentiveHistorySummary> {
  const { loaded, start, end, days } = await historyScope(db, userId, query, now);
  const list = rewardsByDay(days);
  return {
    incentive_plan_id: loaded.plan.id,
    reward_kind: presentPlan(loaded).reward_kind,
    community: presentCommunity(loaded.community),
    start_date: start,
    end_date: end,
    total_amount: list.reduce((sum, d) => sum + d.amount, 0),
    dates: list,
    days: list,
  };
}

/** GET /user/incentive/history/details: each day's activities with their units, rewards and sources. */
export async function historyDetails(
  db: Queryable,
  userId: number,
  query: IncentiveHistoryQuery,
  now = new Date(),
): Promise<IncentiveHistoryDetails> {
  const { days } = await historyScope(db, userId, query, now);
  return {
    activities: days
      .filter((d) => d.units > 0)
      .map((d) => ({
        date: d.day,
        activity_type: d.rule.activityType,
        activity_name: d.rule.activityName,
        unit: d.rule.unit,
        units: d.units,
        amount: d.amount,
        activity_breakdown: presentSources(d.sources),
      })),
  };
}
