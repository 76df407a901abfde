import type { PushPreferences, PushPreferencesBody, PushSubscriptionEntry } from '@orbit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { call } from './client';

/** Web Push (issue 26, decisions 0053 and 0056): what reaches the lock screen, and the devices it reaches. */
export const pushKeys = {
  root: ['push'] as const,
  preferences: ['push', 'preferences'] as const,
  subscriptions: ['push', 'subscriptions'] as const,
};

export const usePushPreferences = () =>
  useQuery({ queryKey: pushKeys.preferences, queryFn: () => call('pushPreferences') });

export const usePushSubscriptions = () =>
  useQuery({ queryKey: pushKeys.subscriptions, queryFn: () => call('pushSubscriptions') });

/** A switch moves at once; a refused change puts it back (the caller says so). */
export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PushPreferencesBody) => call('updatePushPreferences', { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: pushKeys.preferences });
      const before = queryClient.getQueryData<PushPreferences>(pushKeys.preferences);
      if (before) queryClient.setQueryData<PushPreferences>(pushKeys.preferences, { ...before, ...change });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(pushKeys.preferences, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(pushKeys.preferences, saved),
  });
}

/** Ends one device's notifications; the list is read again either way. */
export function useRemovePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscription: PushSubscriptionEntry) =>
      trackBusy(call('unsubscribePush', { params: { id: subscription.subscription_id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.subscriptions }),
  });
}
