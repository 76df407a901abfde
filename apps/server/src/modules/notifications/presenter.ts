import type { Notification, NotificationData } from '@orbit/contract';
import type { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The notification of docs/product/realtime.md#notification-types (title, body, read, type, and the challenge fields in data), the same object
 * for the list, the read answers and the NOTIFICATION events.
 */
export function presentNotification(row: NotificationRow): Notification {
  return {
    notification_id: row.id,
    title: row.title,
    body: row.body,
    read: row.read,
    create_time: row.createdAt.toISOString(),
    image_url: row.imageUrl,
    color: row.color,
    source: row.source,
    community_id: row.communityId,
    type: row.type,
    data: row.data as NotificationData,
  };
}
