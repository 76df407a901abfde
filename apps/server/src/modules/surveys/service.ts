import {
  ErrorCode,
  EventType,
  type SurveyResponseBody,
  type SurveyResponseResult,
  SurveyResponseState,
  type SurveysResponse,
} from '@orbit/contract';
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { surveyResponses, surveys } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { inTransaction } from '../../platform/tx';
import { memberOrganizationIds } from '../admin';
import { presentSurveyItem } from './presenter';

/** The most surveys the list shows: the open ones ending first, then the answered ones. */
export const SURVEYS_LIST_MAX = 100;

/**
 * GET /surveys: the surveys of the member's organisations that are open now or that the member answered,
 * and the member's own answers keyed by survey id. Surveys not started yet are not listed.
 */
export async function listSurveys(db: Queryable, userId: number, now = new Date()): Promise<SurveysResponse> {
  const orgIds = await memberOrganizationIds(db, userId);
  if (orgIds.length === 0) return { surveys: [], responses: {} };
  const rows = await db
    .select({ survey: surveys, answers: surveyResponses.answers })
    .from(surveys)
    .leftJoin(
      surveyResponses,
      and(eq(surveyResponses.surveyId, surveys.id), eq(surveyResponses.userId, userId)),
    )
    .where(
      and(
        inArray(surveys.organizationId, orgIds),
        lte(surveys.startTime, now),
        or(gt(surveys.endTime, now), sql`${surveyResponses.userId} IS NOT NULL`),
      ),
    )
    .orderBy(sql`${surveyResponses.userId} IS NOT NULL`, asc(surveys.endTime), asc(surveys.id))
    .limit(SURVEYS_LIST_MAX);
  const responses: SurveysResponse['responses'] = {};
  for (const r of rows) if (r.answers) responses[String(r.survey.id)] = { answers: r.answers };
  return { surveys: rows.map((r) => presentSurveyItem(r.survey, r.answers !== null)), responses };
}

/** A survey of one of the member's organisations; 404 for any other (what they may not know exists). */
async function visibleSurvey(db: Queryable, userId: number, surveyId: number) {
  const orgIds = await memberOrganizationIds(db, userId);
  const [row] =
    orgIds.length === 0
      ? []
      : await db
          .select()
          .from(surveys)
          .where(and(eq(surveys.id, surveyId), inArray(surveys.organizationId, orgIds)));
  if (!row) throw notFound('No such survey');
  return row;
}

function checkAnswers(questions: { options: string[] }[], answers: number[]) {
  if (answers.length !== questions.length) {
    throw badRequest(ErrorCode.answers_mismatch, 'Answer every question of the survey, once each');
  }
  const outside = answers.findIndex((a, i) => a < 1 || a > questions[i].options.length);
  if (outside >= 0) {
    throw badRequest(ErrorCode.answer_out_of_range, `Answer ${outside + 1} is not one of its options`);
  }
}

/**
 * POST /surveys/response/{id} (docs/product/incentives-and-surveys.md#survey-answer): one number 1..5 per question, one response per member, only within
 * the survey's time window. The survey star's badge changes, so the member's stars are refetched.
 */
export async function respond(
  deps: AppDeps,
  userId: number,
  surveyId: number,
  body: SurveyResponseBody,
  now = new Date(),
): Promise<SurveyResponseResult> {
  const survey = await visibleSurvey(deps.db, userId, surveyId);
  if (now < survey.startTime) throw badRequest(ErrorCode.survey_not_started, 'This survey has not started');
  if (now >= survey.endTime) throw badRequest(ErrorCode.survey_closed, 'This survey has ended');
  checkAnswers(survey.questions, body.answers);
  return inTransaction(unitOfWork(deps), async (work) => {
    const inserted = await work.tx
      .insert(surveyResponses)
      .values({ surveyId, userId, answers: body.answers })
      .onConflictDoNothing()
      .returning({ surveyId: surveyResponses.surveyId });
    if (inserted.length === 0) {
      throw conflict(ErrorCode.already_responded, 'You have already answered this survey');
    }
    await work.emit([userId], EventType.USER_PROFILES, null, { user_id: userId });
    return {
      id: surveyId,
      response_state: SurveyResponseState.COMPLETED,
      completion_message: survey.completionMessage,
    };
  });
}
