import {
  type IncentiveHistoryQuery,
  type IncentivePlanInput,
  IncentiveUnit,
  RewardKind,
  StarType,
} from '@orbit/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, incentivePlans, organizationMembers, users } from '../../db/schema';
import { call } from '../../test/call';
import { communityFixtures } from '../../test/communities';
import { createTestApp, signUp, type TestUser } from '../../test/harness';
import { historySummary, incentiveDetails } from './service';

const ctx = await createTestApp();
const { app, deps } = ctx;
const { adminOf, community, organisation } = communityFixtures(ctx);

const RUNNING = 1;
const WALKING = 2;
const plan = (extra: Partial<IncentivePlanInput> = {}): IncentivePlanInput => ({
  name: 'Move more',
  reward_kind: RewardKind.TICKETS,
  week_goal: 20,
  month_goal: 60,
  starts_on: '2026-10-01',
  activities: [
    {
      activity_type: RUNNING,
      activity_name: 'Running',
      unit: IncentiveUnit.MINUTES,
      units_per_reward: 10,
      daily_maximum: 3,
    },
    {
      activity_type: WALKING,
      activity_name: 'Walking',
      unit: IncentiveUnit.STEPS,
      units_per_reward: 1000,
      daily_maximum: 5,
    },
  ],
  ...extra,
});

async function session(user: TestUser, activityType: number, startedAt: string, fields: object = {}) {
  await deps.db.insert(activityLogs).values({
    userId: user.userId,
    activityType,
    sessionType: activityType,
    startedAt: new Date(startedAt),
    durationMs: 0,
    ...fields,
  });
}
const minutes = (n: number) => ({ durationMs: n * 60_000 });
const createPlan = (user: TestUser, body: IncentivePlanInput) =>
  call(app, 'createIncentivePlan', { headers: user.headers, body });
const updatePlan = (user: TestUser, id: number, body: IncentivePlanInput) =>
  call(app, 'updateIncentivePlan', { headers: user.headers, params: { id }, body });
const summaryOf = (user: TestUser, query?: IncentiveHistoryQuery) =>
  call(app, 'incentiveHistorySummary', { headers: user.headers, query });
const starsOf = async (user: TestUser) =>
  (await call(app, 'profiles', { headers: user.headers })).json().stars;
const planCount = async () => (await deps.db.select({ n: count() }).from(incentivePlans))[0].n;

let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let orgId: number;

beforeAll(async () => {
  [admin, member, outsider] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
  orgId = await adminOf(admin, [member]);
  await organisation([{ user: outsider, roles: [4] }]);
});

describe('admin plans (organisation role 2 only)', () => {
  it('refuses members who are not organisation admins, and writes nothing', async () => {
    const before = await planCount();
    for (const who of [member, outsider]) {
      const res = await createPlan(who, plan());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'not_org_admin' });
      expect((await call(app, 'adminIncentivePlans', { headers: who.headers })).statusCode).toBe(403);
    }
    expect(await planCount()).toBe(before);
  });

  it('lets an admin create and edit a plan; an admin of another organisation may not edit it', async () => {
    const created = await createPlan(admin, plan());
    expect(created.statusCode).toBe(201);
    const id = created.json().incentive_plan_id;
    expect(created.json()).toMatchObject({
      organization_id: orgId,
      activities: [{ activity_type: RUNNING }, {}],
    });

    const stranger = await signUp(ctx.app);
    await adminOf(stranger);
    const foreign = await updatePlan(stranger, id, plan({ name: 'Mine now' }));
    expect(foreign.statusCode).toBe(403);
    expect((await updatePlan(member, id, plan({ name: 'x' }))).statusCode).toBe(403);

    const edited = await updatePlan(admin, id, plan({ name: 'Move even more' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().name).toBe('Move even more');
    expect((await updatePlan(admin, 999999, plan())).statusCode).toBe(404);
  });

  it('refuses a plan that counts an activity twice, has no cap or rewards another organisation', async () => {
    const before = await planCount();
    const twice = plan({ activities: [plan().activities[0], plan().activities[0]] });
    expect((await createPlan(admin, twice)).json()).toMatchObject({
      error: 'duplicate_activity',
    });
    const uncapped = plan({ activities: [{ ...plan().activities[0], daily_maximum: 0 }] });
    expect((await createPlan(admin, uncapped)).statusCode).toBe(400);
    const elsewhere = await community(outsider);
    const res = await createPlan(admin, plan({ community_id: elsewhere }));
    expect(res.json()).toMatchObject({ error: 'invalid_community' });
    expect(await planCount()).toBe(before);
  });
});

describe('incentive progress', () => {
  let planId: number;
  // Wednesday 18 November 2026, noon in Los Angeles (UTC-8 since DST ended on 1 November).
  const now = new Date('2026-11-18T20:00:00Z');

  beforeAll(async () => {
    planId = (await createPlan(admin, plan())).json().incentive_plan_id;
    await deps.db.update(users).set({ timezone: 'America/Los_Angeles' }).where(eq(users.id, member.userId));
    await session(member, RUNNING, '2026-11-18T18:00:00Z', minutes(45)); // today: 4 rewards, capped at 3
    await session(member, WALKING, '2026-11-18T16:00:00Z', { steps: 2500 }); // today: 2 rewards
    await session(member, RUNNING, '2026-11-17T07:30:00Z', minutes(20)); // Monday 23:30 local: this week, 2
    await session(member, RUNNING, '2026-11-16T07:30:00Z', minutes(30)); // Sunday 23:30 local: last week, 3
    await session(member, RUNNING, '2026-11-01T06:30:00Z', minutes(10)); // 31 October 23:30 PDT: last month, 1
    await session(member, RUNNING, '2026-09-20T12:00:00Z', minutes(60)); // before the plan starts
    await session(member, 5, '2026-11-18T17:00:00Z', minutes(90)); // an activity the plan does not count
    await session(admin, RUNNING, '2026-11-18T18:00:00Z', minutes(60)); // someone else's
  });

  it('counts today, the week from Monday and the month in the member time zone, capped per day', async () => {
    const details = await incentiveDetails(deps.db, member.userId, planId, now);
    expect(details.today).toBe('2026-11-18');
    expect(details.current_day).toEqual({ reward_total: 5, reward_goal: 8 });
    expect(details.current_week).toEqual({ reward_total: 7, reward_goal: 20 });
    expect(details.current_period).toEqual({ reward_total: 10, reward_goal: 60 });
    expect(details.current_balance).toBe(11);
    expect(details.daily_maximum).toBe(8);
    const [running, walking] = details.activities;
    expect(running).toMatchObject({
      activity_name: 'Running',
      current_day_progress: 45,
      current_day_reward_total: 3,
      current_day_reward_goal: 3,
      progress_units: 0,
    });
    expect(walking).toMatchObject({
      current_day_progress: 2500,
      current_day_reward_total: 2,
      progress_units: 500,
    });
    expect(walking.activity_breakdown).toEqual([expect.objectContaining({ current_day_progress: 2500 })]);
  });

  it('moves the day with the time zone: in UTC the Sunday-night run falls on Monday', async () => {
    await deps.db.update(users).set({ timezone: 'UTC' }).where(eq(users.id, member.userId));
    const details = await incentiveDetails(deps.db, member.userId, planId, now);
    // Monday 16th: 30 min (3); Tuesday 17th: 20 min (2); today 5; 1 November's run is in November now.
    expect(details.current_week.reward_total).toBe(10);
    expect(details.current_period.reward_total).toBe(11);
    await deps.db.update(users).set({ timezone: 'America/Los_Angeles' }).where(eq(users.id, member.userId));
  });

  it('answers the history per day and per activity, and refuses a range it cannot answer', async () => {
    const summary = await historySummary(deps.db, member.userId, { incentive_plan_id: planId }, now);
    expect(summary.dates).toEqual([
      { date: '2026-11-18', amount: 5 },
      { date: '2026-11-16', amount: 2 },
      { date: '2026-11-15', amount: 3 },
      { date: '2026-10-31', amount: 1 },
    ]);
    expect(summary.total_amount).toBe(11);
    const details = await call(app, 'incentiveHistoryDetails', {
      headers: member.headers,
      query: { incentive_plan_id: planId, start_date: '2026-10-01', end_date: '2026-11-30' },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().activities.map((a) => a.date)).toContain('2026-10-31');
    const backwards = { incentive_plan_id: planId, start_date: '2026-11-10', end_date: '2026-11-01' };
    expect((await summaryOf(member, backwards)).json()).toMatchObject({ error: 'invalid_range' });
    expect((await summaryOf(member)).statusCode).toBe(400);
  });

  it('shows a plan only to its organisation: others get 404', async () => {
    const detailsOf = (user: TestUser) =>
      call(app, 'incentiveDetails', { headers: user.headers, query: { incentive_plan_id: planId } });
    expect((await detailsOf(member)).statusCode).toBe(200);
    const res = await detailsOf(outsider);
    expect(res.statusCode).toBe(404);
    expect((await call(app, 'incentivePlans', { headers: outsider.headers })).json().plans).toEqual([]);
  });

  it('gives the member an INCENTIVE star listing the plans', async () => {
    const star = (await starsOf(member)).find((s) => s.star_type === StarType.INCENTIVE);
    expect(star?.incentive_plans).toContainEqual({ incentive_plan_id: planId });
    const others = await starsOf(outsider);
    expect(others.some((s) => s.star_type === StarType.INCENTIVE)).toBe(false);
  });

  it('answers the community form of the history for a plan rewarding a community', async () => {
    const club = await community(admin, { ownerType: 1, ownerId: orgId, communityType: 4 }, [member]);
    const created = await createPlan(admin, plan({ community_id: club, reward_kind: 2 }));
    expect(created.statusCode).toBe(201);
    const res = await summaryOf(member, { community_id: club });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      reward_kind: 2,
      community: { community_id: club, community_type: 4 },
    });
    expect(res.json().days).toEqual(res.json().dates);
    // A member of the organisation outside the community does not see its plan.
    const notIn = await signUp(ctx.app);
    await deps.db.insert(organizationMembers).values({ organizationId: orgId, userId: notIn.userId });
    expect((await summaryOf(notIn, { community_id: club })).statusCode).toBe(404);
  });
});
