import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { NotificationsView } from './NotificationsView';

/** The home view's notification button opens the list on the dialog stack (000 §2.1, §2.8). */
export const openNotifications = () =>
  openDialog({ title: T.notificationsTitle, render: () => <NotificationsView /> });
