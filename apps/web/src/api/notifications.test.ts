import { EventSubtype, EventType, type Notification, type NotificationsResponse } from '@orbit/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { envelope } from '../test/events';
import { queryKeys } from './keys';
import { notificationKeys } from './notifications';
import { createHandlerContext, handleRealtimeEvent } from './realtimeHandlers';
import type { Profiles } from './types';

const note = (notification_id: number, read = false) => ({ notification_id, read }) as Notification;

function clientWith(notif_qty: number, notifications: Notification[]): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.profiles, { notif_qty } as Profiles);
  queryClient.setQueryData<NotificationsResponse>(notificationKeys.list, {
    notifications,
    unreadCount: notif_qty,
  });
  return queryClient;
}

describe('NOTIFICATION events', () => {
  it('NEW sets the badge from the unread count and puts the notification first, once', () => {
    const queryClient = clientWith(1, [note(1)]);
    const context = createHandlerContext(queryClient);
    const event = envelope(EventType.NOTIFICATION, EventSubtype.NEW, {
      notification: note(2),
      unreadCount: 2,
    });
    handleRealtimeEvent(context, event);
    handleRealtimeEvent(context, event);
    expect(queryClient.getQueryData<Profiles>(queryKeys.profiles)?.notif_qty).toBe(2);
    const list = queryClient.getQueryData<NotificationsResponse>(notificationKeys.list);
    expect(list?.notifications.map((n) => n.notification_id)).toEqual([2, 1]);
  });

  it('UPDATE with only a count (read-all) marks the list read and hides the badge', () => {
    const queryClient = clientWith(2, [note(2), note(1)]);
    handleRealtimeEvent(
      createHandlerContext(queryClient),
      envelope(EventType.NOTIFICATION, EventSubtype.UPDATE, { unreadCount: 0 }),
    );
    expect(queryClient.getQueryData<Profiles>(queryKeys.profiles)?.notif_qty).toBe(0);
    const list = queryClient.getQueryData<NotificationsResponse>(notificationKeys.list);
    expect(list?.notifications.every((n) => n.read)).toBe(true);
  });
});
