import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';
import { queryKeys } from './keys';

/** Two-factor sign-in and devices (issue 16, docs/decisions/0050). */

export function useTwoFactorStatus() {
  return useQuery({ queryKey: queryKeys.twoFactor, queryFn: () => call('twoFactorStatus') });
}

/** A new secret and its otpauth URL; not active until `enableTwoFactor` confirms a code. */
export const setUpTwoFactor = (password: string) => trackBusy(call('twoFactorSetup', { body: { password } }));

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => trackBusy(call('twoFactorEnable', { body: { code } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => trackBusy(call('twoFactorDisable', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

export function useDevices() {
  return useQuery({ queryKey: queryKeys.devices, queryFn: () => call('deviceSessions') });
}

/** Signs out one device, or (without an id) every device but this one. */
export function useSignOutDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number | null) =>
      trackBusy(
        sessionId === null
          ? call('revokeOtherSessions')
          : call('revokeDeviceSession', { params: { session_id: sessionId } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.devices }),
  });
}
