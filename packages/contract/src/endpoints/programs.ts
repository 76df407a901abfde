import {
  AdminIncentivePlan,
  AdminIncentivePlansResponse,
  AdminSurvey,
  AdminSurveysResponse,
  HighFiveBody,
  HighFiveResponse,
  IncentiveDetails,
  IncentiveHistoryDetails,
  IncentiveHistoryQuery,
  IncentiveHistorySummary,
  IncentivePlanInput,
  IncentivePlanQuery,
  IncentivePlansResponse,
  PlanIdParams,
  SurveyIdParams,
  SurveyInput,
  SurveyResponseBody,
  SurveyResponseResult,
  SurveysResponse,
  TournamentImageQuery,
  TournamentProgressQuery,
  TournamentProgressResponse,
} from '../schemas';
import { endpoints } from './define';

/** Incentive plans: the member's progress and the organisation admins' plans. */
export const INCENTIVE_ROUTES = {
  incentivePlans: 'GET /user/incentive/plans',
  incentiveDetails: 'GET /user/incentive/details',
  incentiveHistorySummary: 'GET /user/incentive/history/summary',
  incentiveHistoryDetails: 'GET /user/incentive/history/details',
  adminIncentivePlans: 'GET /admin/incentive-plans',
  createIncentivePlan: 'POST /admin/incentive-plans',
  updateIncentivePlan: 'PUT /admin/incentive-plans/:id',
} as const;

const HISTORY = ['not_found', 'plan_required', 'invalid_range'] as const;
const PLAN = ['not_org_admin', 'duplicate_activity', 'invalid_date', 'invalid_community'] as const;

export const INCENTIVE_ENDPOINTS = endpoints('incentives', INCENTIVE_ROUTES, {
  incentivePlans: { response: IncentivePlansResponse, errors: [] },
  incentiveDetails: { query: IncentivePlanQuery, response: IncentiveDetails, errors: ['not_found'] },
  incentiveHistorySummary: {
    query: IncentiveHistoryQuery,
    response: IncentiveHistorySummary,
    errors: HISTORY,
  },
  incentiveHistoryDetails: {
    query: IncentiveHistoryQuery,
    response: IncentiveHistoryDetails,
    errors: HISTORY,
  },
  adminIncentivePlans: { response: AdminIncentivePlansResponse, errors: ['not_org_admin'] },
  createIncentivePlan: { status: 201, body: IncentivePlanInput, response: AdminIncentivePlan, errors: PLAN },
  updateIncentivePlan: {
    params: PlanIdParams,
    body: IncentivePlanInput,
    response: AdminIncentivePlan,
    errors: [...PLAN, 'not_found'],
  },
});

/** Surveys: the member's answers and the organisation admins' surveys. */
export const SURVEY_ROUTES = {
  surveys: 'GET /surveys',
  answerSurvey: 'POST /surveys/response/:id',
  adminSurveys: 'GET /admin/surveys',
  createSurvey: 'POST /admin/surveys',
  updateSurvey: 'PUT /admin/surveys/:id',
} as const;

const SURVEY = ['not_org_admin', 'blank_text', 'invalid_time_window', 'invalid_community'] as const;

export const SURVEY_ENDPOINTS = endpoints('surveys', SURVEY_ROUTES, {
  surveys: { response: SurveysResponse, errors: [] },
  answerSurvey: {
    params: SurveyIdParams,
    body: SurveyResponseBody,
    response: SurveyResponseResult,
    errors: [
      'not_found',
      'answers_mismatch',
      'answer_out_of_range',
      'survey_not_started',
      'survey_closed',
      'already_responded',
    ],
  },
  adminSurveys: { response: AdminSurveysResponse, errors: ['not_org_admin'] },
  createSurvey: { status: 201, body: SurveyInput, response: AdminSurvey, errors: SURVEY },
  updateSurvey: {
    params: SurveyIdParams,
    body: SurveyInput,
    response: AdminSurvey,
    errors: [...SURVEY, 'not_found', 'survey_has_responses'],
  },
});

/** The yearly tournament: its bracket and high fives. */
export const TOURNAMENT_ROUTES = {
  tournamentProgress: 'GET /tournament/progress',
  tournamentHighFive: 'PUT /tournament/user/h5',
  tournamentImage: 'GET /tournament/user/image',
} as const;

export const TOURNAMENT_ENDPOINTS = endpoints('tournament', TOURNAMENT_ROUTES, {
  tournamentProgress: {
    query: TournamentProgressQuery,
    response: TournamentProgressResponse,
    errors: ['not_found'],
  },
  tournamentHighFive: {
    body: HighFiveBody,
    response: HighFiveResponse,
    errors: ['not_found', 'own_high_five', 'tournament_over'],
  },
  tournamentImage: { query: TournamentImageQuery, errors: ['not_found'] },
});
