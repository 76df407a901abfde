import { NotificationType } from './enums';
import type { NotificationData } from './schemas/notifications';

/**
 * The tags of Web Push notifications (decisions 0053, 0056), written once: the server tags each push so that a
 * burst of one thread collapses into one, and the app closes a thread's or a notification's system
 * notification by the same tag once the member has read it in the app.
 */
export const pushTag = {
  thread: (groupId: number | undefined) => `thread-${groupId}`,
  post: (postId: number | undefined) => `post-${postId}`,
  friend: (userId: number | undefined) => `friend-${userId}`,
  moment: (momentId: number | undefined) => `moment-${momentId}`,
  call: (callId: number | undefined) => `call-${callId}`,
  lesson: (lessonId: number | undefined) => `lesson-${lessonId}`,
  reminder: (kind: string) => `reminder-${kind}`,
};

/** The tag of the push a notification of this type also was; null for a kind that is never pushed. */
export function notificationPushTag(type: number, data: NotificationData): string | null {
  switch (type) {
    case NotificationType.PRIVATE_MESSAGE:
      return pushTag.thread(data.group_id);
    case NotificationType.ME_STAR:
      return pushTag.post(data.post_id);
    case NotificationType.FRIEND_STAR:
      return pushTag.friend(data.user_id);
    case NotificationType.FRIENDLY_CHALLENGE:
      return pushTag.moment(data.id);
    case NotificationType.CALL_START:
      return pushTag.call(data.call_id);
    case NotificationType.REMINDER:
      return pushTag.reminder(data.reminder ?? 'mood');
    default:
      return null;
  }
}
