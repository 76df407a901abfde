import { ChallengeStatus, type Notification, NotificationType } from '@orbit/contract';
import type { QuietWindow } from '../../app/places';

/** What opening a notification shows (docs/product/realtime.md#notifications-list), decided from its type and data alone. */
export type NotificationTarget =
  | { kind: 'user'; userId: number; name: string }
  | { kind: 'ownStar' }
  | { kind: 'community'; communityId: number; name: string }
  | { kind: 'thread'; groupId: number; title: string }
  | { kind: 'moments' }
  | { kind: 'call'; callId: number; title: string }
  /** The quiet-hours digest: the notifications that arrived in its window (decision 0047). */
  | { kind: 'quietWindow'; from: string; until: string }
  /** A reminder (decision 0054): the mood picker, or logging an activity. */
  | { kind: 'reminder'; reminder: 'mood' | 'activity' }
  | { kind: 'none' };

const NONE: NotificationTarget = { kind: 'none' };

/**
 * A call start opens the call (if it is still on); session notifications open a room (the live sessions
 * feature); a comment on one's post or a tag is about the member's own star; a dare opens the moments list;
 * the quiet-hours digest opens the notifications of its window.
 */
export function notificationTarget(notification: Notification): NotificationTarget {
  const { data } = notification;
  switch (notification.type) {
    case NotificationType.ME_STAR:
    case NotificationType.COMMENTS:
      return { kind: 'ownStar' };
    case NotificationType.FRIEND_STAR:
      return data.user_id !== undefined
        ? { kind: 'user', userId: data.user_id, name: notification.source ?? notification.title }
        : NONE;
    case NotificationType.COMMUNITY_STAR:
      return notification.community_id !== null
        ? {
            kind: 'community',
            communityId: notification.community_id,
            name: notification.source ?? notification.title,
          }
        : NONE;
    case NotificationType.PRIVATE_MESSAGE:
      return data.group_id !== undefined
        ? { kind: 'thread', groupId: data.group_id, title: notification.source ?? notification.title }
        : NONE;
    case NotificationType.FRIENDLY_CHALLENGE:
      return { kind: 'moments' };
    // A missed call opens as its start does: the call, which says it has ended and starts nothing.
    case NotificationType.CALL_START:
    case NotificationType.CALL_END:
      return data.call_id !== undefined
        ? { kind: 'call', callId: data.call_id, title: notification.source ?? notification.title }
        : NONE;
    case NotificationType.QUIET_DIGEST:
      return data.quiet_from !== undefined && data.quiet_until !== undefined
        ? { kind: 'quietWindow', from: data.quiet_from, until: data.quiet_until }
        : NONE;
    case NotificationType.REMINDER:
      return { kind: 'reminder', reminder: data.reminder ?? 'mood' };
    default:
      return NONE;
  }
}

export type { QuietWindow };

/** The notifications that arrived within the quiet window (the digest itself comes at its end, so not it). */
export const inWindow = (list: Notification[], window: QuietWindow): Notification[] => {
  const [from, until] = [Date.parse(window.from), Date.parse(window.until)];
  return list.filter((n) => {
    const at = Date.parse(n.create_time);
    return at >= from && at < until && n.type !== NotificationType.QUIET_DIGEST;
  });
};

/** A challenge invitation shows ACCEPT until it is accepted (docs/product/realtime.md#challenge-accept). */
export const showsAccept = (notification: Notification): boolean =>
  notification.type === NotificationType.FRIENDLY_CHALLENGE &&
  notification.data.challenge_status === ChallengeStatus.AVAILABLE;
