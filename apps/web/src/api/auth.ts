import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { post, request } from './client';
import { queryKeys } from './keys';
import type { RegisterInput } from './types';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { identity: string; password: string }) =>
      trackBusy(request<{ user_token: string }>('/login', { method: 'POST', json: input, public: true })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) =>
      trackBusy(request<{ user_id: number }>('/register', { method: 'POST', json: input, public: true })),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => trackBusy(post<{ ok: boolean }>('/user/logout')),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.profiles, null);
    },
  });
}
