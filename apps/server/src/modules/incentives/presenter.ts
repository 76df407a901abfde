import {
  type ActivityBreakdown,
  type AdminIncentivePlan,
  APP_NAMES,
  type AppId,
  activityName,
  type IncentiveCommunity,
  type IncentivePlan,
  type IncentiveUnit,
  type RewardKind,
} from '@orbit/contract';
import { communityImageUrl } from '../communities';
import type { CommunityRow, LoadedPlan } from './queries';
import type { ActivityDay, Rule } from './rules';

export function presentCommunity(community: CommunityRow | null): IncentiveCommunity | null {
  if (!community) return null;
  return {
    community_id: community.id,
    name: community.name,
    community_type: community.communityType,
    image_url: communityImageUrl(community),
    color: community.color,
    initials: community.initials,
  };
}

export function presentPlan({ plan, community }: Pick<LoadedPlan, 'plan' | 'community'>): IncentivePlan {
  return {
    incentive_plan_id: plan.id,
    name: plan.name,
    reward_kind: plan.rewardKind as RewardKind,
    community: presentCommunity(community),
  };
}

/** A source of an activity's units: the app that sent them, or the session type logged by hand. */
export function presentSources(sources: ActivityDay['sources']): ActivityBreakdown[] {
  return sources
    .filter((s) => s.units > 0)
    .map((s) => ({
      image_url: null,
      session_type: s.sessionType,
      app_avatar_image: null,
      session_name: s.appId
        ? (APP_NAMES[s.appId as AppId] ?? activityName(s.sessionType))
        : activityName(s.sessionType),
      current_day_progress: s.units,
    }))
    .sort((a, b) => b.current_day_progress - a.current_day_progress);
}

export function presentRuleInput(rule: Rule) {
  return {
    activity_type: rule.activityType,
    activity_name: rule.activityName,
    unit: rule.unit as IncentiveUnit,
    units_per_reward: rule.unitsPerReward,
    daily_maximum: rule.dailyMaximum,
  };
}

export function presentAdminPlan({ plan, rules }: Pick<LoadedPlan, 'plan' | 'rules'>): AdminIncentivePlan {
  return {
    incentive_plan_id: plan.id,
    organization_id: plan.organizationId,
    community_id: plan.communityId,
    name: plan.name,
    reward_kind: plan.rewardKind as RewardKind,
    week_goal: plan.weekGoal,
    month_goal: plan.monthGoal,
    starts_on: plan.startsOn,
    activities: rules.map(presentRuleInput),
    updated_at: plan.updatedAt.toISOString(),
  };
}
