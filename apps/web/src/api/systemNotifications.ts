import { type Notification, notificationPushTag } from '@orbit/contract';

/**
 * Closes the system notifications (Web Push, decision 0056) of what the member has just read in the app: those
 * of one tag, or every one. The page asks the worker's registration itself (`getNotifications` is the same
 * there as in the worker), so no message to the worker is needed and no control of the page either.
 */
export function closeSystemNotifications(tag?: string): void {
  closeShown(tag).catch((error) => console.warn('[orbit] closing a system notification failed', error));
}

async function closeShown(tag: string | undefined): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration || typeof registration.getNotifications !== 'function') return;
  for (const shown of await registration.getNotifications(tag === undefined ? undefined : { tag })) {
    shown.close();
  }
}

/** A notification read (or all of them, without one): its lock-screen twin goes too. */
export function closeReadNotification(notification: Notification | undefined): void {
  if (notification && !notification.read) return;
  const tag = notification ? notificationPushTag(notification.type, notification.data) : undefined;
  if (tag !== null) closeSystemNotifications(tag);
}
