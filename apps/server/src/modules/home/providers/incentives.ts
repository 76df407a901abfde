import { StarType } from '@orbit/contract';
import { and, desc, eq, isNull, max, or, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../../db/prepared';
import { activityLogs, communityMembers, incentivePlans, organizationMembers } from '../../../db/schema';
import { zoneOf } from '../../stars';
import { blankStar } from '../presenter';
import { OWNER } from './statements';
import type { StarProvider } from './types';

const plansStatement = preparedPerDatabase((db) =>
  db
    .select({ id: incentivePlans.id, name: incentivePlans.name, updatedAt: incentivePlans.updatedAt })
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
    .orderBy(desc(incentivePlans.id))
    .prepare('home_incentive_plans'),
);

const latestSessionStatement = preparedPerDatabase((db) =>
  db
    .select({ at: max(activityLogs.startedAt) })
    .from(activityLogs)
    .where(eq(activityLogs.userId, OWNER))
    .prepare('home_latest_session'),
);

/**
 * The INCENTIVE star (7) when the member's organisations have plans for them, listing the plans' ids
 * (docs/product/home-and-stars.md#star-types incentive_plans). It orbits by the member's latest activity session (what earns rewards), or by
 * the newest plan when that is later.
 */
export const incentiveStars: StarProvider = async ({ db, owner, now }) => {
  const plans = await plansStatement(db).execute({ owner: owner.id });
  if (plans.length === 0) return { stars: [] };
  const [latest] = await latestSessionStatement(db).execute({ owner: owner.id });
  const newestPlan = Math.max(...plans.map((p) => p.updatedAt.getTime()));
  const date = new Date(Math.max(newestPlan, latest?.at ? new Date(latest.at).getTime() : 0));
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
};
