import { type Static, Type } from 'typebox';
import { LIMITS } from '../constants';
import { Id } from './common';

/** A survey answer is the number of the chosen option, 1 to 5 (docs/product/incentives-and-surveys.md#survey-answer). */
export const SURVEY_ANSWER = { min: 1, max: LIMITS.surveyOptions } as const;

/**
 * A survey as the member's list sees it (docs/product/incentives-and-surveys.md#surveys-list: response_state 3 = completed). Orbit numbers the other
 * state it lists: 1 open (within its time window, not answered yet).
 */
export const SurveyResponseState = { OPEN: 1, COMPLETED: 3 } as const;
export type SurveyResponseState = (typeof SurveyResponseState)[keyof typeof SurveyResponseState];

/** Limits of a survey as an admin writes it (Orbit's choice beyond 001's 5 options per question). */
export const SURVEY_LIMITS = {
  nameMax: 100,
  descriptionMax: 1000,
  questionsMax: 50,
  questionMax: 500,
  optionMax: 200,
  /** A question offers a choice: at least two options. */
  optionsMin: 2,
  completionMessageMax: 1000,
} as const;

export const SurveyQuestion = Type.Object({
  text: Type.String({ minLength: 1, maxLength: SURVEY_LIMITS.questionMax }),
  options: Type.Array(Type.String({ minLength: 1, maxLength: SURVEY_LIMITS.optionMax }), {
    minItems: SURVEY_LIMITS.optionsMin,
    maxItems: LIMITS.surveyOptions,
  }),
});
export type SurveyQuestion = Static<typeof SurveyQuestion>;

/** docs/product/feeds-and-comments.md#attachments Survey: name, description, anonymous, questions, start_time, end_time, completion_message. */
export const SurveyBody = Type.Object({
  name: Type.String(),
  description: Type.String(),
  anonymous: Type.Boolean(),
  questions: Type.Array(SurveyQuestion),
  start_time: Type.String(),
  end_time: Type.String(),
  completion_message: Type.String(),
});
export type SurveyBody = Static<typeof SurveyBody>;

/** One item of GET /surveys (docs/product/incentives-and-surveys.md#surveys-list): id, survey {name, description...}, start_time, end_time, response_state. */
export const SurveyListItem = Type.Object({
  id: Type.Integer(),
  survey: SurveyBody,
  start_time: Type.String(),
  end_time: Type.String(),
  response_state: Type.Integer(),
});
export type SurveyListItem = Static<typeof SurveyListItem>;

export const SurveyAnswers = Type.Object({ answers: Type.Array(Type.Integer()) });

/** GET /surveys: the surveys and, keyed by survey id, the member's own responses. */
export const SurveysResponse = Type.Object({
  surveys: Type.Array(SurveyListItem),
  responses: Type.Record(Type.String(), SurveyAnswers),
});
export type SurveysResponse = Static<typeof SurveysResponse>;

/** POST /surveys/response/{id} (docs/product/incentives-and-surveys.md#survey-answer): one number 1..5 per question, in order. */
export const SurveyResponseBody = Type.Object({
  answers: Type.Array(Type.Integer({ minimum: SURVEY_ANSWER.min, maximum: SURVEY_ANSWER.max }), {
    minItems: 1,
    maxItems: SURVEY_LIMITS.questionsMax,
  }),
});
export type SurveyResponseBody = Static<typeof SurveyResponseBody>;
export const SurveyResponseResult = Type.Object({
  id: Type.Integer(),
  response_state: Type.Integer(),
  completion_message: Type.String(),
});
export type SurveyResponseResult = Static<typeof SurveyResponseResult>;
export const SurveyIdParams = Type.Object({ id: Id });

// Admin (organisation role 2).

const IsoTime = Type.String({ format: 'date-time' });

export const SurveyInput = Type.Object({
  organization_id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: SURVEY_LIMITS.nameMax }),
  description: Type.String({ maxLength: SURVEY_LIMITS.descriptionMax }),
  anonymous: Type.Boolean(),
  questions: Type.Array(SurveyQuestion, { minItems: 1, maxItems: SURVEY_LIMITS.questionsMax }),
  start_time: IsoTime,
  end_time: IsoTime,
  completion_message: Type.String({ minLength: 1, maxLength: SURVEY_LIMITS.completionMessageMax }),
});
export type SurveyInput = Static<typeof SurveyInput>;

export const AdminSurvey = Type.Object({
  ...SurveyBody.properties,
  id: Type.Integer(),
  organization_id: Type.Integer(),
  response_count: Type.Integer(),
  updated_at: Type.String(),
});
export type AdminSurvey = Static<typeof AdminSurvey>;
export const AdminSurveysResponse = Type.Object({ surveys: Type.Array(AdminSurvey) });
export type AdminSurveysResponse = Static<typeof AdminSurveysResponse>;
