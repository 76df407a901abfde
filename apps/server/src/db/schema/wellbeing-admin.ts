import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { communities } from './communities';
import { organizations, users } from './identity';

/**
 * An incentive plan of an organisation, written by its admins (role 2). Progress is not stored: it is
 * derived from activity_logs at read time (docs/decisions/0017).
 */
export const incentivePlans = pgTable(
  'incentive_plans',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The community the plan rewards (the madness form), when it has one. */
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rewardKind: smallint('reward_kind').notNull(),
    weekGoal: integer('week_goal').notNull(),
    monthGoal: integer('month_goal').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('incentive_plans_org_idx').on(t.organizationId),
    index('incentive_plans_community_idx').on(t.communityId),
  ],
);

/** What earns a plan's rewards: one activity type, its unit, how many units a reward takes, the day's cap. */
export const incentiveRules = pgTable(
  'incentive_rules',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => incentivePlans.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    activityType: integer('activity_type').notNull(),
    activityName: text('activity_name').notNull(),
    unit: smallint('unit').notNull(),
    unitsPerReward: integer('units_per_reward').notNull(),
    dailyMaximum: integer('daily_maximum').notNull(),
  },
  (t) => [uniqueIndex('incentive_rules_plan_activity_idx').on(t.planId, t.activityType)],
);

/** A survey of an organisation (docs/product/feeds-and-comments.md#activity-posts): its questions with their options kept with it, written whole. */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    anonymous: boolean('anonymous').notNull().default(false),
    questions: jsonb('questions').$type<{ text: string; options: string[] }[]>().notNull(),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }).notNull(),
    completionMessage: text('completion_message').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('surveys_org_end_idx').on(t.organizationId, t.endTime)],
);

/** A member's one response to a survey (the primary key makes a second one impossible). */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<number[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] }), index('survey_responses_user_idx').on(t.userId)],
);
