import type { SurveyInput } from '@orbit/contract';
import { useQuery } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';

export const surveyKeys = {
  root: ['surveys'] as const,
  list: ['surveys', 'list'] as const,
  admin: ['surveys', 'admin'] as const,
};

/** GET /surveys: the member's surveys and their own answers. */
export function useSurveys() {
  return useQuery({
    queryKey: surveyKeys.list,
    queryFn: () => trackBusy(call('surveys')),
    retry: false,
  });
}

/** POST /surveys/response/{id}: one number 1..5 per question. */
export const submitSurvey = (id: number, answers: number[]) =>
  trackBusy(call('answerSurvey', { params: { id }, body: { answers } }));

export function useAdminSurveys() {
  return useQuery({
    queryKey: surveyKeys.admin,
    queryFn: () => trackBusy(call('adminSurveys')),
    retry: false,
  });
}

export const saveSurvey = (id: number | null, body: SurveyInput) =>
  trackBusy(id === null ? call('createSurvey', { body }) : call('updateSurvey', { params: { id }, body }));
