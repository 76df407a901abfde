import {
  type AdminSurvey,
  type AdminSurveysResponse,
  ErrorCode,
  EventType,
  type SurveyInput,
} from '@orbit/contract';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { surveyResponses, surveys } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { administeredOrganizations, assertOrgAdmin, organizationMemberIds } from '../admin';
import { presentAdminSurvey, type SurveyRow } from './presenter';

async function responseCounts(db: Queryable, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: surveyResponses.surveyId, n: count() })
    .from(surveyResponses)
    .where(inArray(surveyResponses.surveyId, ids))
    .groupBy(surveyResponses.surveyId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** GET /admin/surveys: the surveys of every organisation the caller administers, with their response counts. */
export async function adminSurveys(db: Queryable, userId: number): Promise<AdminSurveysResponse> {
  const orgIds = (await administeredOrganizations(db, userId)).map((o) => o.id);
  const rows = await db
    .select()
    .from(surveys)
    .where(inArray(surveys.organizationId, orgIds))
    .orderBy(desc(surveys.id));
  const counts = await responseCounts(
    db,
    rows.map((r) => r.id),
  );
  return { surveys: rows.map((r) => presentAdminSurvey(r, counts.get(r.id) ?? 0)) };
}

/**
 * What the schema cannot say: the window ends after it starts, and no question or option is blank once
 * trimmed. The schema already holds each question to 2..5 options (at most 5, docs/product/incentives-and-surveys.md#survey-answer).
 */
function surveyFields(input: SurveyInput) {
  const startTime = new Date(input.start_time);
  const endTime = new Date(input.end_time);
  if (!(endTime > startTime)) {
    throw badRequest(ErrorCode.invalid_time_window, 'end_time must be after start_time');
  }
  const questions = input.questions.map((q) => ({
    text: q.text.trim(),
    options: q.options.map((o) => o.trim()),
  }));
  const name = input.name.trim();
  const completionMessage = input.completion_message.trim();
  if (!name || !completionMessage || questions.some((q) => !q.text || q.options.some((o) => !o))) {
    throw badRequest(ErrorCode.blank_text, 'Names, questions, options and the message need text');
  }
  return {
    name,
    description: input.description.trim(),
    anonymous: input.anonymous,
    questions,
    startTime,
    endTime,
    completionMessage,
  };
}

/** The organisation's members refetch their stars: the SURVEYS star counts the surveys waiting for them. */
async function finish(work: Work, row: SurveyRow): Promise<AdminSurvey> {
  const members = await organizationMemberIds(work.tx, row.organizationId);
  await work.emit(members, EventType.USER_PROFILES, null, { organization_id: row.organizationId });
  const counts = await responseCounts(work.tx, [row.id]);
  return presentAdminSurvey(row, counts.get(row.id) ?? 0);
}

/** POST /admin/surveys: an organisation admin (role 2) creates a survey. */
export async function createSurvey(deps: AppDeps, userId: number, input: SurveyInput) {
  const fields = surveyFields(input);
  return inTransaction(unitOfWork(deps), async (work) => {
    const organizationId = await assertOrgAdmin(work.tx, userId, input.organization_id);
    const [row] = await work.tx
      .insert(surveys)
      .values({ organizationId, createdBy: userId, ...fields })
      .returning();
    return finish(work, row);
  });
}

/**
 * PUT /admin/surveys/{id}: an admin of the survey's organisation rewrites it. Once members have answered, its
 * questions stay as they were answered (409); its texts and time window may still change.
 */
export async function updateSurvey(deps: AppDeps, userId: number, surveyId: number, input: SurveyInput) {
  const fields = surveyFields(input);
  return inTransaction(unitOfWork(deps), async (work) => {
    const [existing] = await work.tx.select().from(surveys).where(eq(surveys.id, surveyId)).for('update');
    if (!existing) throw notFound('No such survey');
    await assertOrgAdmin(work.tx, userId, existing.organizationId);
    const answered = (await responseCounts(work.tx, [surveyId])).get(surveyId) ?? 0;
    if (answered > 0 && JSON.stringify(existing.questions) !== JSON.stringify(fields.questions)) {
      throw conflict(ErrorCode.survey_has_responses, 'Members have answered: the questions stay');
    }
    const [row] = await work.tx
      .update(surveys)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(surveys.id, surveyId))
      .returning();
    return finish(work, row);
  });
}
