import { CommunityType, IncentiveUnit, OwnerType, RewardKind } from '@orbit/contract';
import { and, asc, eq } from 'drizzle-orm';
import {
  communities,
  communityMembers,
  incentivePlans,
  incentiveRules,
  surveyResponses,
  surveys,
} from '../schema';
import type { SeedContext, SeedWorld } from './world';

const DAY = 24 * 60 * 60 * 1000;
const { MINUTES, STEPS } = IncentiveUnit;

/** A plan's activity rule: the activity, its name, and how many units earn one reward, at most so many a day. */
function rule(
  activityType: number,
  activityName: string,
  unit: number,
  unitsPerReward: number,
  dailyMaximum: number,
) {
  return { activityType, activityName, unit, unitsPerReward, dailyMaximum };
}

/** Two plans: tickets for the whole organisation, GoCoins for its first general community (the madness form). */
const PLANS = [
  {
    name: 'Move & Earn',
    rewardKind: RewardKind.TICKETS,
    weekGoal: 40,
    monthGoal: 150,
    madness: false,
    rules: [
      rule(1, 'Running', MINUTES, 10, 3),
      rule(2, 'Walking', STEPS, 2000, 5),
      rule(4, 'Cycling', MINUTES, 15, 2),
      rule(9, 'Yoga', MINUTES, 15, 2),
      rule(5, 'Hiking', MINUTES, 20, 3),
      rule(10, 'Swimming', MINUTES, 10, 3),
    ],
  },
  {
    name: 'GoCoins Madness',
    rewardKind: RewardKind.COINS,
    weekGoal: 420,
    monthGoal: 1800,
    madness: true,
    rules: [
      rule(1, 'Running', MINUTES, 1, 60),
      rule(2, 'Walking', STEPS, 100, 60),
      rule(3, 'Meditation', MINUTES, 1, 20),
      rule(5, 'Hiking', MINUTES, 1, 60),
      rule(9, 'Yoga', MINUTES, 1, 40),
      rule(10, 'Swimming', MINUTES, 1, 60),
    ],
  },
];

const SURVEYS = [
  {
    name: 'Weekly wellbeing check-in',
    description: 'Three quick questions about your week. It takes a minute.',
    anonymous: false,
    startDaysAgo: 2,
    endsInDays: 5,
    questions: [
      { text: 'How well did you sleep this week?', options: ['Poorly', 'So-so', 'Well', 'Very well'] },
      {
        text: 'How active did you feel?',
        options: ['Not at all', 'A little', 'Fairly', 'Very', 'Extremely'],
      },
      { text: 'Did you connect with a friend?', options: ['No', 'Once', 'Several times'] },
    ],
    completionMessage: 'Thank you! Your answers help us plan next month’s challenges.',
    answeredByDemo: false,
  },
  {
    name: 'Stress and energy',
    description: 'An anonymous pulse on how the team is doing.',
    anonymous: true,
    startDaysAgo: 1,
    endsInDays: 12,
    questions: [
      { text: 'How stressed do you feel today?', options: ['Calm', 'A bit', 'Quite', 'Very'] },
      { text: 'How is your energy in the afternoon?', options: ['Low', 'Medium', 'High'] },
    ],
    completionMessage: 'Thanks for sharing. Take a short walk today!',
    answeredByDemo: false,
  },
  {
    name: 'Walking challenge feedback',
    description: 'Tell us what you thought of last month’s walking challenge.',
    anonymous: false,
    startDaysAgo: 10,
    endsInDays: 3,
    questions: [
      { text: 'Did you enjoy the challenge?', options: ['No', 'Somewhat', 'Yes', 'Loved it'] },
      { text: 'Should we run it again?', options: ['No', 'Maybe', 'Yes'] },
    ],
    completionMessage: 'Thank you! See you at the next challenge.',
    answeredByDemo: true,
  },
];

/** The first general community of the organisation the demo member belongs to: the madness plan's community. */
async function madnessCommunity(ctx: SeedContext, world: SeedWorld): Promise<number | null> {
  const [row] = await ctx.tx
    .select({ id: communities.id })
    .from(communities)
    .innerJoin(
      communityMembers,
      and(eq(communityMembers.communityId, communities.id), eq(communityMembers.userId, world.demoUserId)),
    )
    .where(
      and(
        eq(communities.ownerType, OwnerType.ORGANIZATION),
        eq(communities.ownerId, world.organizationId),
        eq(communities.communityType, CommunityType.GENERAL),
      ),
    )
    .orderBy(asc(communities.id))
    .limit(1);
  return row?.id ?? null;
}

async function seedPlans(ctx: SeedContext, world: SeedWorld, now: number) {
  const communityId = await madnessCommunity(ctx, world);
  const startsOn = new Date(now - 90 * DAY).toISOString().slice(0, 10);
  for (const spec of PLANS) {
    const [plan] = await ctx.tx
      .insert(incentivePlans)
      .values({
        organizationId: world.organizationId,
        communityId: spec.madness ? communityId : null,
        name: spec.name,
        rewardKind: spec.rewardKind,
        weekGoal: spec.weekGoal,
        monthGoal: spec.monthGoal,
        startsOn,
        createdBy: world.demoUserId,
      })
      .returning({ id: incentivePlans.id });
    await ctx.tx
      .insert(incentiveRules)
      .values(spec.rules.map((r, position) => ({ ...r, planId: plan.id, position })));
  }
}

async function seedSurveys(ctx: SeedContext, world: SeedWorld, now: number) {
  for (const [index, spec] of SURVEYS.entries()) {
    const [row] = await ctx.tx
      .insert(surveys)
      .values({
        organizationId: world.organizationId,
        name: spec.name,
        description: spec.description,
        anonymous: spec.anonymous,
        questions: spec.questions,
        startTime: new Date(now - spec.startDaysAgo * DAY),
        endTime: new Date(now + spec.endsInDays * DAY),
        completionMessage: spec.completionMessage,
        createdBy: world.demoUserId,
      })
      .returning({ id: surveys.id });
    // A few members answered already, so the admin screen shows real counts.
    const answering = world.memberIds.filter((_, i) => (i + index) % 3 === 0);
    const respondents = spec.answeredByDemo ? [world.demoUserId, ...answering] : answering;
    if (respondents.length === 0) continue;
    await ctx.tx.insert(surveyResponses).values(
      respondents.map((userId, i) => ({
        surveyId: row.id,
        userId,
        answers: spec.questions.map((q, n) => 1 + ((i + n) % q.options.length)),
      })),
    );
  }
}

/** Incentive plans and surveys of the demo organisation (issue 6): the screens show real-looking data at once. */
export async function seedWellbeingAdmin(ctx: SeedContext, world: SeedWorld): Promise<void> {
  const now = Date.now();
  await seedPlans(ctx, world, now);
  await seedSurveys(ctx, world, now);
}
