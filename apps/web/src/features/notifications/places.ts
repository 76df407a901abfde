import type { PlaceOpeners } from '../../app/places';
import { openNotifications, openQuietWindow } from './open';

export { NOTIFICATION_ADDRESSES } from './open';

export const notificationPlaces = {
  notifications: () => openNotifications(),
  'quiet-window': openQuietWindow,
} satisfies Partial<PlaceOpeners>;
