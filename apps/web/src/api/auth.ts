import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';
import { queryKeys } from './keys';
import type { RegisterInput } from './types';

/**
 * The password step: a session, or with two-factor sign-in on `{ two_factor_required, challenge_token }`,
 * which the code step (`useLoginWithCode`) answers.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { identity: string; password: string }) =>
      trackBusy(call('login', { body: input, public: true })),
    onSuccess: (answer) => {
      if ('user_token' in answer) return queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    },
  });
}

export function useLoginWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { challenge_token: string; code: string }) =>
      trackBusy(call('loginTwoFactor', { body: input, public: true })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => trackBusy(call('register', { body: input, public: true })),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => trackBusy(call('logout')),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.profiles, null);
    },
  });
}

/**
 * The spec's token update (docs/product/communities.md#experts): an app that opens Orbit hands the member's user_token in the address's
 * fragment, `#user_token=...` (a fragment never reaches a server or its logs). Answers the token, or null.
 */
export function tokenFromLink(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('user_token');
  return token?.trim() || null;
}

/** POST /token makes the handed token this browser's session; the profiles are refreshed after it. */
export const updateToken = (userToken: string) =>
  trackBusy(call('token', { body: { user_token: userToken }, public: true }));

/** POST /password/forgot: answers 202 whether or not the identity has an account (the mail says more). */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (identity: string) => trackBusy(call('forgotPassword', { body: { identity }, public: true })),
  });

/**
 * POST /password/reset with the mailed token: every session of the member ends, this browser's too, so the
 * member is forgotten here and signs in afresh.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      trackBusy(call('resetPassword', { body: input, public: true })),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.profiles, null);
    },
  });
}
