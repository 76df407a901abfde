import type { SurveyInput } from '@orbit/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';
import { refreshWithProfiles, useSaveWithProfiles } from './keys';

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

/** A survey answered, here or elsewhere already: the list and the menu's survey count follow. */
export function useSurveyAnswered() {
  const queryClient = useQueryClient();
  return () => void refreshWithProfiles(queryClient, surveyKeys.root);
}

export function useAdminSurveys() {
  return useQuery({
    queryKey: surveyKeys.admin,
    queryFn: () => trackBusy(call('adminSurveys')),
    retry: false,
  });
}

export const saveSurvey = (id: number | null, body: SurveyInput) =>
  trackBusy(id === null ? call('createSurvey', { body }) : call('updateSurvey', { params: { id }, body }));

/** An admin saves a survey; it resolves once the lists show it (the admin's own menu may change too). */
export const useSaveSurvey = () => useSaveWithProfiles(saveSurvey, surveyKeys.root);
