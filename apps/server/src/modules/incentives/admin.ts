import {
  type AdminIncentivePlan,
  type AdminIncentivePlansResponse,
  ErrorCode,
  EventType,
  type IncentivePlanInput,
  OwnerType,
} from '@orbit/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { communities, incentivePlans, incentiveRules } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest, notFound } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { administeredOrganizations, assertOrgAdmin, organizationMemberIds } from '../admin';
import { presentAdminPlan } from './presenter';
import { rulesOf } from './queries';

/** GET /admin/incentive-plans: the plans of every organisation the caller administers; 403 for others. */
export async function adminPlans(db: Queryable, userId: number): Promise<AdminIncentivePlansResponse> {
  const orgIds = (await administeredOrganizations(db, userId)).map((o) => o.id);
  const plans = await db
    .select()
    .from(incentivePlans)
    .where(inArray(incentivePlans.organizationId, orgIds))
    .orderBy(desc(incentivePlans.id));
  const rules = await rulesOf(
    db,
    plans.map((p) => p.id),
  );
  return { plans: plans.map((plan) => presentAdminPlan({ plan, rules: rules.get(plan.id) ?? [] })) };
}

/** Rules the schema cannot check: one rule per activity, a real day, a community the organisation owns. */
async function checkPlan(db: Queryable, organizationId: number, input: IncentivePlanInput) {
  const types = input.activities.map((a) => a.activity_type);
  if (new Set(types).size !== types.length) {
    throw badRequest(ErrorCode.duplicate_activity, 'Each activity may appear once in a plan');
  }
  if (Number.isNaN(Date.parse(`${input.starts_on}T00:00:00Z`))) {
    throw badRequest(ErrorCode.invalid_date, 'starts_on is not a calendar day');
  }
  if (input.community_id == null) return null;
  const [owned] = await db
    .select({ id: communities.id })
    .from(communities)
    .where(
      and(
        eq(communities.id, input.community_id),
        eq(communities.ownerType, OwnerType.ORGANIZATION),
        eq(communities.ownerId, organizationId),
      ),
    );
  if (!owned) throw badRequest(ErrorCode.invalid_community, 'The community is not one of this organisation');
  return owned.id;
}

const planFields = (input: IncentivePlanInput, communityId: number | null) => ({
  communityId,
  name: input.name.trim(),
  rewardKind: input.reward_kind,
  weekGoal: input.week_goal,
  monthGoal: input.month_goal,
  startsOn: input.starts_on,
});

async function writeRules(work: Work, planId: number, input: IncentivePlanInput) {
  await work.tx.delete(incentiveRules).where(eq(incentiveRules.planId, planId));
  await work.tx.insert(incentiveRules).values(
    input.activities.map((a, position) => ({
      planId,
      position,
      activityType: a.activity_type,
      activityName: a.activity_name.trim(),
      unit: a.unit,
      unitsPerReward: a.units_per_reward,
      dailyMaximum: a.daily_maximum,
    })),
  );
}

/** The organisation's members refetch their stars: the INCENTIVE star lists the plans they see. */
async function announce(work: Work, organizationId: number) {
  const members = await organizationMemberIds(work.tx, organizationId);
  await work.emit(members, EventType.USER_PROFILES, null, { organization_id: organizationId });
}

async function finish(work: Work, planId: number): Promise<AdminIncentivePlan> {
  const [plan] = await work.tx.select().from(incentivePlans).where(eq(incentivePlans.id, planId));
  const rules = await rulesOf(work.tx, [planId]);
  await announce(work, plan.organizationId);
  return presentAdminPlan({ plan, rules: rules.get(planId) ?? [] });
}

/** POST /admin/incentive-plans: an organisation admin (role 2) creates a plan with its activity rules. */
export async function createPlan(deps: AppDeps, userId: number, input: IncentivePlanInput) {
  return inTransaction(unitOfWork(deps), async (work) => {
    const organizationId = await assertOrgAdmin(work.tx, userId, input.organization_id);
    const communityId = await checkPlan(work.tx, organizationId, input);
    const [plan] = await work.tx
      .insert(incentivePlans)
      .values({ organizationId, createdBy: userId, ...planFields(input, communityId) })
      .returning({ id: incentivePlans.id });
    await writeRules(work, plan.id, input);
    return finish(work, plan.id);
  });
}

/** PUT /admin/incentive-plans/{id}: rewrites a plan of an organisation the caller administers. */
export async function updatePlan(deps: AppDeps, userId: number, planId: number, input: IncentivePlanInput) {
  return inTransaction(unitOfWork(deps), async (work) => {
    const [existing] = await work.tx
      .select()
      .from(incentivePlans)
      .where(eq(incentivePlans.id, planId))
      .for('update');
    if (!existing) throw notFound('No such incentive plan');
    // The plan stays in its organisation; only an admin of that organisation may touch it.
    await assertOrgAdmin(work.tx, userId, existing.organizationId);
    const communityId = await checkPlan(work.tx, existing.organizationId, input);
    await work.tx
      .update(incentivePlans)
      .set({ ...planFields(input, communityId), updatedAt: new Date() })
      .where(eq(incentivePlans.id, planId));
    await writeRules(work, planId, input);
    return finish(work, planId);
  });
}
