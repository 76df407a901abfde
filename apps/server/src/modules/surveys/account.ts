import { asc, eq } from 'drizzle-orm';
import { surveyResponses, surveys } from '../../db/schema';
import type { AccountPart } from '../../platform/account';

/** The member's survey answers, each with its survey's questions (decision 0048). */
export const surveysAccount: AccountPart = {
  async exportOf(db, userId) {
    const rows = await db
      .select({ response: surveyResponses, survey: surveys })
      .from(surveyResponses)
      .innerJoin(surveys, eq(surveys.id, surveyResponses.surveyId))
      .where(eq(surveyResponses.userId, userId))
      .orderBy(asc(surveyResponses.createdAt));
    return {
      survey_answers: rows.map(({ response, survey }) => ({
        survey_id: survey.id,
        survey_name: survey.name,
        questions: survey.questions.map((q, i) => ({
          text: q.text,
          answer: q.options[response.answers[i] ?? -1] ?? null,
        })),
        answered_at: response.createdAt.toISOString(),
      })),
    };
  },
};
