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
import { endpoints, perMinute } from './define';
import { INCENTIVE_ROUTES, SURVEY_ROUTES, TOURNAMENT_ROUTES } from './routes';

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

const SURVEY = ['not_org_admin', 'blank_text', 'invalid_time_window', 'invalid_community'] as const;

export const SURVEY_ENDPOINTS = endpoints('surveys', SURVEY_ROUTES, {
  surveys: { response: SurveysResponse, errors: [] },
  answerSurvey: {
    rateLimit: perMinute(60),
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

export const TOURNAMENT_ENDPOINTS = endpoints('tournament', TOURNAMENT_ROUTES, {
  tournamentProgress: {
    query: TournamentProgressQuery,
    response: TournamentProgressResponse,
    errors: ['not_found'],
  },
  tournamentHighFive: {
    rateLimit: perMinute(60),
    body: HighFiveBody,
    response: HighFiveResponse,
    errors: ['not_found', 'own_high_five', 'tournament_over', 'blocked'],
  },
  tournamentImage: { query: TournamentImageQuery, errors: ['not_found'] },
});
