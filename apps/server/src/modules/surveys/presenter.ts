import { type AdminSurvey, type SurveyBody, type SurveyListItem, SurveyResponseState } from '@orbit/contract';
import type { surveys } from '../../db/schema';

export type SurveyRow = typeof surveys.$inferSelect;

/** The Survey of docs/product/incentives-and-surveys.md#survey-answer: questions of up to 5 options, its window, the completion message to thank with. */
export function presentSurveyBody(row: SurveyRow): SurveyBody {
  return {
    name: row.name,
    description: row.description,
    anonymous: row.anonymous,
    questions: row.questions,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime.toISOString(),
    completion_message: row.completionMessage,
  };
}

/** One item of GET /surveys: the survey, its window, response_state 3 once the member answered (docs/product/incentives-and-surveys.md#surveys-list). */
export function presentSurveyItem(row: SurveyRow, answered: boolean): SurveyListItem {
  return {
    id: row.id,
    survey: presentSurveyBody(row),
    start_time: row.startTime.toISOString(),
    end_time: row.endTime.toISOString(),
    response_state: answered ? SurveyResponseState.COMPLETED : SurveyResponseState.OPEN,
  };
}

export function presentAdminSurvey(row: SurveyRow, responseCount: number): AdminSurvey {
  return {
    ...presentSurveyBody(row),
    id: row.id,
    organization_id: row.organizationId,
    response_count: responseCount,
    updated_at: row.updatedAt.toISOString(),
  };
}
