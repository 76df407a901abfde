import type { QuietWindow } from '../../app/places';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';

// Each screen's code loads when it is first opened, not with the app's first screen.
const NotificationsView = lazyScreen(() => import('./NotificationsView').then((m) => m.NotificationsView));

/** The home view's notification button opens the list on the dialog stack (docs/product/home-and-stars.md#home-view; docs/product/realtime.md#notifications-list). */
const notificationsView = () => ({
  title: T.notificationsTitle,
  route: { kind: 'notifications', ids: [] },
  render: () => <NotificationsView quiet={undefined} />,
});
export const openNotifications = () => openDialog(notificationsView());

/** The digest opens the notifications that arrived while the member rested (decision 0047). */
export const openQuietWindow = (window: QuietWindow) =>
  openDialog({ title: T.whileYouRested, render: () => <NotificationsView quiet={window} /> });

/** A link or a reload can reopen the list (docs/decisions/0042). */
export const NOTIFICATION_ADDRESSES: readonly Address[] = [
  { kind: 'notifications', ids: 0, view: notificationsView },
];
