import type { PlaceOpeners } from '../../app/places';
import { openNotifications } from './open';

export { NOTIFICATION_ADDRESSES } from './open';

export const notificationPlaces = {
  notifications: () => openNotifications(),
} satisfies Partial<PlaceOpeners>;
