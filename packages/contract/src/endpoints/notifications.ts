import {
  MaintenanceBody,
  MaintenanceResponse,
  NotificationChange,
  NotificationIdParams,
  NotificationsResponse,
  UnreadCountResponse,
} from '../schemas';
import { endpoints, perHour } from './define';
import { NOTIFICATION_ROUTES } from './routes';

export const NOTIFICATION_ENDPOINTS = endpoints('notifications', NOTIFICATION_ROUTES, {
  notifications: { response: NotificationsResponse, errors: [] },
  readAllNotifications: { response: UnreadCountResponse, errors: [] },
  readNotification: { params: NotificationIdParams, response: NotificationChange, errors: ['not_found'] },
  acceptChallenge: {
    params: NotificationIdParams,
    response: NotificationChange,
    errors: ['not_found', 'not_a_challenge'],
  },
  announceMaintenance: {
    rateLimit: perHour(10),
    body: MaintenanceBody,
    response: MaintenanceResponse,
    errors: ['not_an_administrator'],
  },
});
