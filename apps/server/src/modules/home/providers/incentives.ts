import { StarType } from '@orbit/contract';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { jsonRead, reads } from '../../../db/json-rows';
import { activityLogs, communityMembers, incentivePlans, organizationMembers } from '../../../db/schema';
import { zoneOf } from '../../stars';
import { blankStar } from '../presenter';
import { OWNER } from '../statements';
import { readingStars } from './types';

/** The plans for the member, each with the member's latest activity session (the same on every row). */
const plans = jsonRead(
  {
    id: incentivePlans.id,
    name: incentivePlans.name,
    updatedAt: incentivePlans.updatedAt,
    latestSession:
      sql`(SELECT max(${activityLogs.startedAt}) FROM ${activityLogs} WHERE ${activityLogs.userId} = ${OWNER})`.mapWith(
        activityLogs.startedAt,
      ),
  },
  (fields) =>
    reads
      .select(fields)
      .from(incentivePlans)
      .innerJoin(
        organizationMembers,
        and(
          eq(organizationMembers.organizationId, incentivePlans.organizationId),
          eq(organizationMembers.userId, OWNER),
        ),
      )
      .leftJoin(
        communityMembers,
        and(eq(communityMembers.communityId, incentivePlans.communityId), eq(communityMembers.userId, OWNER)),
      )
      .where(or(isNull(incentivePlans.communityId), sql`${communityMembers.userId} IS NOT NULL`))
      .orderBy(desc(incentivePlans.id)),
);

/**
 * The INCENTIVE star (7) when the member's organisations have plans for them, listing the plans' ids
 * (docs/product/home-and-stars.md#star-types incentive_plans). It orbits by the member's latest activity session (what earns rewards), or by
 * the newest plan when that is later.
 */
export const incentiveStars = readingStars(plans, ({ owner, now }, plans) => {
  if (plans.length === 0) return { stars: [] };
  const newestPlan = Math.max(...plans.map((p) => p.updatedAt.getTime()));
  const date = new Date(Math.max(newestPlan, plans[0].latestSession?.getTime() ?? 0));
  return {
    stars: [
      {
        ...blankStar({
          star_id: `${StarType.INCENTIVE}:${owner.id}`,
          star_type: StarType.INCENTIVE,
          name: plans.length === 1 ? plans[0].name : 'incentive',
        }),
        zone: zoneOf(false, date, now),
        size: 1,
        interaction_date: date.toISOString(),
        incentive_plans: plans.map((p) => ({ incentive_plan_id: p.id })),
      },
    ],
  };
});
