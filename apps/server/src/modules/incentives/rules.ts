import { IncentiveUnit } from '@orbit/contract';

/** One activity rule of a plan: what it counts and how its units become rewards. */
export interface Rule {
  activityType: number;
  activityName: string;
  unit: number;
  unitsPerReward: number;
  dailyMaximum: number;
}

/** The summed figures of one local day's sessions of one activity type from one source. */
export interface DayFigures {
  day: string;
  activityType: number;
  sessionType: number;
  appId: number | null;
  durationMs: number;
  steps: number;
  calories: number;
  distanceM: number;
}

/** The units a rule counts in summed figures; minutes are whole minutes of the summed duration. */
export function unitsOf(
  unit: number,
  f: Pick<DayFigures, 'durationMs' | 'steps' | 'calories' | 'distanceM'>,
) {
  switch (unit) {
    case IncentiveUnit.STEPS:
      return f.steps;
    case IncentiveUnit.CALORIES:
      return f.calories;
    case IncentiveUnit.METERS:
      return f.distanceM;
    default:
      return Math.floor(f.durationMs / 60_000);
  }
}

/** A day's rewards from one activity: a reward per full `unitsPerReward`, never more than the daily maximum. */
export const rewardsOf = (rule: Rule, units: number) =>
  Math.min(Math.floor(units / rule.unitsPerReward), rule.dailyMaximum);

/** Units toward the next reward; none once the day's maximum is reached (more would earn nothing today). */
export function unitsTowardNext(rule: Rule, units: number): number {
  return rewardsOf(rule, units) >= rule.dailyMaximum ? 0 : units % rule.unitsPerReward;
}

/** One activity's day: its units, its rewards and the sources (session type and app) the units came from. */
export interface ActivityDay {
  day: string;
  rule: Rule;
  units: number;
  amount: number;
  sources: { sessionType: number; appId: number | null; units: number }[];
}

/** Groups the day figures by (day, activity) under the plan's rules; activities no rule counts are left out. */
export function activityDays(rules: Rule[], figures: DayFigures[]): ActivityDay[] {
  const byType = new Map(rules.map((r) => [r.activityType, r]));
  const days = new Map<string, ActivityDay>();
  for (const f of figures) {
    const rule = byType.get(f.activityType);
    if (!rule) continue;
    const key = `${f.day}|${f.activityType}`;
    const entry = days.get(key) ?? { day: f.day, rule, units: 0, amount: 0, sources: [] };
    entry.sources.push({ sessionType: f.sessionType, appId: f.appId, units: unitsOf(rule.unit, f) });
    days.set(key, entry);
  }
  for (const entry of days.values()) {
    // Minutes are counted from the day's summed duration, not per source, so two 30-second sessions make one.
    const summed = figures.filter((f) => f.day === entry.day && f.activityType === entry.rule.activityType);
    entry.units = unitsOf(entry.rule.unit, sumFigures(summed));
    entry.amount = rewardsOf(entry.rule, entry.units);
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}

function sumFigures(figures: DayFigures[]) {
  return figures.reduce(
    (sum, f) => ({
      durationMs: sum.durationMs + f.durationMs,
      steps: sum.steps + f.steps,
      calories: sum.calories + f.calories,
      distanceM: sum.distanceM + f.distanceM,
    }),
    { durationMs: 0, steps: 0, calories: 0, distanceM: 0 },
  );
}

/** Rewards earned on the days from `from` (inclusive) to `to` (inclusive). */
export const amountBetween = (days: ActivityDay[], from: string, to: string) =>
  days.reduce((sum, d) => (d.day >= from && d.day <= to ? sum + d.amount : sum), 0);

/** The days with their summed rewards, newest first: the history list. */
export function rewardsByDay(days: ActivityDay[]): { date: string; amount: number }[] {
  const totals = new Map<string, number>();
  for (const d of days) totals.set(d.day, (totals.get(d.day) ?? 0) + d.amount);
  return [...totals.entries()]
    .filter(([, amount]) => amount > 0)
    .map(([date, amount]) => ({ date, amount }))
    .sort((a, b) => (a.date < b.date ? 1 : -1));
}
