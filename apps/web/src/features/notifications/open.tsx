import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';

// Each screen's code loads when it is first opened, not with the app's first screen.
const NotificationsView = lazyScreen(() => import('./NotificationsView').then((m) => m.NotificationsView));

/** The home view's notification button opens the list on the dialog stack (000 §2.1, §2.8). */
export const openNotifications = () =>
  openDialog({ title: T.notificationsTitle, render: () => <NotificationsView /> });
