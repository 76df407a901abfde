import {
  type AdminIncentivePlan,
  type AdminSurvey,
  type IncentivePlanInput,
  IncentiveUnit,
  LIMITS,
  RewardKind,
  SURVEY_LIMITS,
  type SurveyInput,
} from '@orbit/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it: the member's own clock, to the minute. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the member's clock) as the instant the server stores; empty when it is not one. */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

export interface SurveyDraft {
  name: string;
  description: string;
  anonymous: boolean;
  questions: { text: string; options: string[] }[];
  start: string;
  end: string;
  completionMessage: string;
}

const blankQuestion = () => ({ text: '', options: ['', ''] });

export function surveyDraft(survey: AdminSurvey | null, now = new Date()): SurveyDraft {
  if (survey) {
    return {
      name: survey.name,
      description: survey.description,
      anonymous: survey.anonymous,
      questions: survey.questions.map((q) => ({ text: q.text, options: [...q.options] })),
      start: toLocalInput(survey.start_time),
      end: toLocalInput(survey.end_time),
      completionMessage: survey.completion_message,
    };
  }
  const week = new Date(now.getTime() + 7 * 24 * 3_600_000);
  return {
    name: '',
    description: '',
    anonymous: false,
    questions: [blankQuestion()],
    start: toLocalInput(now.toISOString()),
    end: toLocalInput(week.toISOString()),
    completionMessage: '',
  };
}

export const canAddOption = (q: { options: string[] }) => q.options.length < LIMITS.surveyOptions;
export const canRemoveOption = (q: { options: string[] }) => q.options.length > SURVEY_LIMITS.optionsMin;
export const addQuestion = (d: SurveyDraft): SurveyDraft => ({
  ...d,
  questions: [...d.questions, blankQuestion()],
});

export function surveyInput(d: SurveyDraft, organizationId?: number): SurveyInput {
  return {
    organization_id: organizationId,
    name: d.name.trim(),
    description: d.description.trim(),
    anonymous: d.anonymous,
    questions: d.questions.map((q) => ({ text: q.text.trim(), options: q.options.map((o) => o.trim()) })),
    start_time: fromLocalInput(d.start),
    end_time: fromLocalInput(d.end),
    completion_message: d.completionMessage.trim(),
  };
}

/** The form is sendable when every text is filled and the window ends after it starts (the server checks too). */
export function surveyReady(d: SurveyDraft): boolean {
  const input = surveyInput(d);
  return (
    input.name !== '' &&
    input.completion_message !== '' &&
    input.start_time !== '' &&
    input.end_time > input.start_time &&
    input.questions.every((q) => q.text !== '' && q.options.every((o) => o !== ''))
  );
}

export interface RuleDraft {
  activityType: string;
  activityName: string;
  unit: number;
  unitsPerReward: string;
  dailyMaximum: string;
}

export interface PlanDraft {
  name: string;
  rewardKind: number;
  communityId: string;
  weekGoal: string;
  monthGoal: string;
  startsOn: string;
  rules: RuleDraft[];
}

export const blankRule = (): RuleDraft => ({
  activityType: '1',
  activityName: 'Running',
  unit: IncentiveUnit.MINUTES,
  unitsPerReward: '10',
  dailyMaximum: '3',
});

export function planDraft(plan: AdminIncentivePlan | null, today: string): PlanDraft {
  if (!plan) {
    return {
      name: '',
      rewardKind: RewardKind.TICKETS,
      communityId: '',
      weekGoal: '20',
      monthGoal: '80',
      startsOn: today,
      rules: [blankRule()],
    };
  }
  return {
    name: plan.name,
    rewardKind: plan.reward_kind,
    communityId: plan.community_id === null ? '' : String(plan.community_id),
    weekGoal: String(plan.week_goal),
    monthGoal: String(plan.month_goal),
    startsOn: plan.starts_on,
    rules: plan.activities.map((a) => ({
      activityType: String(a.activity_type),
      activityName: a.activity_name,
      unit: a.unit,
      unitsPerReward: String(a.units_per_reward),
      dailyMaximum: String(a.daily_maximum),
    })),
  };
}

const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : Number.NaN);

export function planInput(d: PlanDraft, organizationId?: number): IncentivePlanInput {
  return {
    organization_id: organizationId,
    community_id: d.communityId === '' ? null : Number(d.communityId),
    name: d.name.trim(),
    reward_kind: d.rewardKind as IncentivePlanInput['reward_kind'],
    week_goal: whole(d.weekGoal),
    month_goal: whole(d.monthGoal),
    starts_on: d.startsOn,
    activities: d.rules.map((r) => ({
      activity_type: Number(r.activityType),
      activity_name: r.activityName.trim(),
      unit: r.unit as IncentivePlanInput['activities'][number]['unit'],
      units_per_reward: whole(r.unitsPerReward),
      daily_maximum: whole(r.dailyMaximum),
    })),
  };
}

export function planReady(d: PlanDraft): boolean {
  const input = planInput(d);
  const numbers = [
    input.week_goal,
    input.month_goal,
    ...input.activities.flatMap((a) => [a.units_per_reward, a.daily_maximum]),
  ];
  const types = input.activities.map((a) => a.activity_type);
  return (
    input.name !== '' &&
    /^\d{4}-\d{2}-\d{2}$/.test(input.starts_on) &&
    input.activities.length > 0 &&
    input.activities.every(
      (a) => a.activity_name !== '' && a.units_per_reward >= 1 && a.daily_maximum >= 1,
    ) &&
    numbers.every((n) => Number.isInteger(n)) &&
    new Set(types).size === types.length
  );
}
