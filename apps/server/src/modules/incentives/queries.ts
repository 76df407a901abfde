import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activityLogs, communities, communityMembers, incentivePlans, incentiveRules } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { localDayOf, type Period, startedWithin } from '../activities';
import { memberOrganizationIds } from '../admin';
import type { DayFigures, Rule } from './rules';

export type PlanRow = typeof incentivePlans.$inferSelect;
export type CommunityRow = typeof communities.$inferSelect;
export interface LoadedPlan {
  plan: PlanRow;
  community: CommunityRow | null;
  rules: Rule[];
}

/**
 * The plans a member sees: those of their organisations; a plan rewarding a community only for its members.
 * Newest first.
 */
export async function visiblePlans(
  db: Queryable,
  userId: number,
  where?: ReturnType<typeof eq>,
): Promise<LoadedPlan[]> {
  const orgIds = await memberOrganizationIds(db, userId);
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ plan: incentivePlans, community: communities })
    .from(incentivePlans)
    .leftJoin(communities, eq(communities.id, incentivePlans.communityId))
    .leftJoin(
      communityMembers,
      and(eq(communityMembers.communityId, incentivePlans.communityId), eq(communityMembers.userId, userId)),
    )
    .where(
      and(
        inArray(incentivePlans.organizationId, orgIds),
        or(isNull(incentivePlans.communityId), sql`${communityMembers.userId} IS NOT NULL`),
        where,
      ),
    )
    .orderBy(desc(incentivePlans.id));
  const rules = await rulesOf(
    db,
    rows.map((r) => r.plan.id),
  );
  return rows.map((r) => ({ ...r, rules: rules.get(r.plan.id) ?? [] }));
}

/** One plan the member sees, by its id or by the community it rewards; 404 when there is none. */
export async function visiblePlan(
  db: Queryable,
  userId: number,
  by: { planId?: number; communityId?: number },
) {
  const where =
    by.planId !== undefined
      ? eq(incentivePlans.id, by.planId)
      : eq(incentivePlans.communityId, by.communityId ?? 0);
  const [found] = await visiblePlans(db, userId, where);
  if (!found) throw notFound('No such incentive plan');
  return found;
}

export async function rulesOf(db: Queryable, planIds: number[]): Promise<Map<number, Rule[]>> {
  const byPlan = new Map<number, Rule[]>();
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select()
    .from(incentiveRules)
    .where(inArray(incentiveRules.planId, planIds))
    .orderBy(asc(incentiveRules.planId), asc(incentiveRules.position));
  for (const r of rows) {
    const list = byPlan.get(r.planId) ?? [];
    list.push({
      activityType: r.activityType,
      activityName: r.activityName,
      unit: r.unit,
      unitsPerReward: r.unitsPerReward,
      dailyMaximum: r.dailyMaximum,
    });
    byPlan.set(r.planId, list);
  }
  return byPlan;
}

/**
 * A member's session figures per local day, activity type, session type and app, within a period and for the
 * plan's activity types: one range scan of activity_logs_user_time_idx, grouped in the database.
 */
export async function dayFigures(
  db: Queryable,
  userId: number,
  zone: string,
  period: Period,
  activityTypes: number[],
): Promise<DayFigures[]> {
  if (activityTypes.length === 0 || period.from >= period.until) return [];
  const day = localDayOf(zone);
  const rows = await db
    .select({
      day,
      activityType: activityLogs.activityType,
      sessionType: activityLogs.sessionType,
      appId: activityLogs.appId,
      durationMs: sql<number>`sum(${activityLogs.durationMs})`.mapWith(Number),
      steps: sql<number>`sum(${activityLogs.steps})`.mapWith(Number),
      calories: sql<number>`sum(${activityLogs.calories})`.mapWith(Number),
      distanceM: sql<number>`sum(${activityLogs.distanceM})`.mapWith(Number),
    })
    .from(activityLogs)
    .where(
      and(
        eq(activityLogs.userId, userId),
        startedWithin(period, zone),
        inArray(activityLogs.activityType, activityTypes),
      ),
    )
    // By position: the day expression carries the zone as a parameter, which GROUP BY could not match.
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
  return rows;
}
