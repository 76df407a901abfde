/** The notifications module's entry: what other modules may use of it (docs/decisions/0033). */

export { notificationsAccount } from './account';
export { notifyPrivateMessage, notifyTagged } from './causes';
export { QUIET_DIGEST_EVERY_MS, sendQuietDigests } from './digest';
export {
  challengeNotification,
  commentNotification,
  communityInviteNotification,
  friendRequestNotification,
  type NotificationInput,
  type ReminderKind,
  reminderNotification,
} from './entities';
export { notify, unreadCountOf, unreadCountSql as unreadNotificationsSql } from './service';
