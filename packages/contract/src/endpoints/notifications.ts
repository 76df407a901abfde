import {
  MaintenanceBody,
  MaintenanceResponse,
  NotificationChange,
  NotificationIdParams,
  NotificationsResponse,
  UnreadCountResponse,
} from '../schemas';
import { endpoints } from './define';

/** The member's notifications (000 §2.8) and the administrators' maintenance notice. */
export const NOTIFICATION_ROUTES = {
  notifications: 'GET /notifications',
  readAllNotifications: 'POST /notifications/read-all',
  readNotification: 'POST /notifications/:id/read',
  acceptChallenge: 'POST /notifications/:id/accept',
  announceMaintenance: 'POST /notifications/maintenance',
} as const;

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
    body: MaintenanceBody,
    response: MaintenanceResponse,
    errors: ['not_an_administrator'],
  },
});
