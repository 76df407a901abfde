import type {
  EventEnvelope,
  Notification,
  NotificationChange,
  NotificationsResponse,
  UnreadCountResponse,
} from '@orbit/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';
import { queryKeys } from './keys';
import { closeReadNotification } from './systemNotifications';
import type { Profiles } from './types';

export const notificationKeys = { list: ['notifications'] as const };

/** The list (docs/product/realtime.md#notifications-list); its failures are only logged (docs/product/realtime.md#notifications-list), so it never retries into a popup. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: () => call('notifications'),
    staleTime: 0,
    retry: false,
  });
}

/** The home badge reads notif_qty from the profiles: every answer and event carries the new count. */
function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  queryClient.setQueryData<Profiles | null>(queryKeys.profiles, (old) =>
    old ? { ...old, notif_qty: unreadCount } : old,
  );
}

function patchList(
  queryClient: QueryClient,
  unreadCount: number,
  change: (list: Notification[]) => Notification[],
): void {
  queryClient.setQueryData<NotificationsResponse>(notificationKeys.list, (old) =>
    old ? { notifications: change(old.notifications), unreadCount } : old,
  );
}

/** A new or changed notification takes its place in the list (newest first); idempotent. */
function upsert(list: Notification[], notification: Notification): Notification[] {
  const known = list.some((n) => n.notification_id === notification.notification_id);
  return known
    ? list.map((n) => (n.notification_id === notification.notification_id ? notification : n))
    : [notification, ...list];
}

/**
 * Applies a count, with or without the notification it is about (read-all carries only the count); what is
 * read here, or on another of the member's devices, leaves this device's lock screen.
 */
export function applyNotificationChange(
  queryClient: QueryClient,
  change: Partial<NotificationChange> & UnreadCountResponse,
): void {
  setUnreadCount(queryClient, change.unreadCount);
  const { notification } = change;
  closeReadNotification(notification);
  patchList(queryClient, change.unreadCount, (list) =>
    notification ? upsert(list, notification) : list.map((n) => ({ ...n, read: true })),
  );
}

/** NOTIFICATION NEW and UPDATE (ADR 0014): `{ notification?, unreadCount }`. */
export function applyNotificationEvent(queryClient: QueryClient, event: EventEnvelope<'NOTIFICATION'>): void {
  applyNotificationChange(queryClient, event.data);
}

function useNotificationCall<V>(
  call: (variables: V) => Promise<Partial<NotificationChange> & UnreadCountResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (change) => applyNotificationChange(queryClient, change),
    // The spec keeps these silent: the list stays as it is and the failure is logged (docs/product/realtime.md#notifications-list).
    onError: (error) => console.warn('[orbit] notification call failed', error),
  });
}

export const useMarkNotificationRead = () =>
  useNotificationCall((id: number) => call('readNotification', { params: { id } }));

export const useAcceptChallenge = () =>
  useNotificationCall((id: number) => call('acceptChallenge', { params: { id } }));

export const useMarkAllNotificationsRead = () => useNotificationCall(() => call('readAllNotifications'));
