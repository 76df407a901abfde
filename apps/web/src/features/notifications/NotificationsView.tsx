import type { Notification } from '@orbit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../api/keys';
import {
  useAcceptChallenge,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../../api/notifications';
import type { Profiles } from '../../api/types';
import { open } from '../../app/places';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { useBeforeBack } from '../../ui/DialogHost';
import { TimeAgo } from '../../ui/TimeAgo';
import styles from './Notifications.module.css';
import {
  inWindow,
  type NotificationTarget,
  notificationTarget,
  type QuietWindow,
  showsAccept,
} from './targets';

function useOpenTarget(): (target: NotificationTarget) => void {
  const queryClient = useQueryClient();
  return (target) => {
    if (target.kind === 'user') open('member', { userId: target.userId, name: target.name });
    else if (target.kind === 'community') open('community', { id: target.communityId, name: target.name });
    else if (target.kind === 'moments') open('moments');
    else if (target.kind === 'thread') open('thread', { groupId: target.groupId, title: target.title });
    else if (target.kind === 'call') open('call', { callId: target.callId, title: target.title });
    else if (target.kind === 'quietWindow') open('quiet-window', { from: target.from, until: target.until });
    else if (target.kind === 'reminder') open(target.reminder === 'mood' ? 'mood' : 'log-activity');
    else if (target.kind === 'ownStar') {
      const me = queryClient.getQueryData<Profiles | null>(queryKeys.profiles)?.user_profile;
      if (me) open('member', { userId: me.user_id, name: me.name });
    }
  };
}

/**
 * The notifications list (docs/product/realtime.md#notifications-list): unread ones stand out; a click marks one read and opens what it is
 * about; going back marks them all read. Failures are only logged (docs/product/realtime.md#notifications-list). With a quiet window (the
 * digest's), only the notifications that arrived in it.
 */
export function NotificationsView({ quiet }: { quiet?: QuietWindow }) {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const markAllRead = useMarkAllNotificationsRead();
  const failedAt = notifications.isError ? notifications.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) console.warn('[orbit] notifications not loaded', notifications.error);
  }, [failedAt, notifications.error]);
  useBeforeBack(() => {
    if ((notifications.data?.unreadCount ?? 0) > 0) markAllRead.mutate();
    return true;
  });

  const all = notifications.data?.notifications;
  if (!all) return null;
  const list = quiet ? inWindow(all, quiet) : all;
  if (list.length === 0) {
    return <p className={styles.empty}>{t(quiet ? T.noneWhileResting : T.noNotifications)}</p>;
  }
  return (
    <ul className={styles.list} aria-label={t(quiet ? T.whileYouRested : T.notificationsTitle)}>
      {list.map((notification) => (
        <NotificationItem key={notification.notification_id} notification={notification} />
      ))}
    </ul>
  );
}

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const markRead = useMarkNotificationRead();
  const accept = useAcceptChallenge();
  const openTarget = useOpenTarget();
  // ACCEPT goes as soon as it is clicked (docs/product/realtime.md#challenge-accept), before the server answers.
  const [accepted, setAccepted] = useState(false);
  const open = () => {
    if (!notification.read) markRead.mutate(notification.notification_id);
    openTarget(notificationTarget(notification));
  };
  return (
    <li className={styles.item} data-read={notification.read}>
      <button type="button" className={styles.main} onClick={open}>
        <Avatar
          src={notification.image_url}
          name={notification.source ?? notification.title}
          size={40}
          decorative
        />
        <span className={styles.text}>
          <span className={styles.title}>
            {!notification.read && <span className={styles.dot} title={t(T.notificationUnread)} />}
            {!notification.read && <span className="visually-hidden">{t(T.notificationUnread)}: </span>}
            {notification.title}
          </span>
          {notification.body && <span className={styles.body}>{notification.body}</span>}
          <span className={styles.time}>
            <TimeAgo iso={notification.create_time} />
          </span>
        </span>
      </button>
      {showsAccept(notification) && !accepted && (
        <Button
          className={styles.accept}
          onClick={() => {
            setAccepted(true);
            accept.mutate(notification.notification_id);
          }}
        >
          {t(T.notificationAccept)}
        </Button>
      )}
    </li>
  );
}
