import { type Static, Type } from 'typebox';
import { Id, Nullable } from './common';

/** GET /notifications answers the newest this many (the list has no paging in docs/product/realtime.md#notifications-list). */
export const NOTIFICATIONS_LIST_MAX = 100;
export const MAINTENANCE_TITLE_MAX = 100;
export const MAINTENANCE_BODY_MAX = 1000;

/** A challenge invitation waits for ACCEPT (docs/product/realtime.md#challenge-accept AVAILABLE); once accepted the button goes (§4.7). */
export const ChallengeStatus = { AVAILABLE: 'AVAILABLE', ACCEPTED: 'ACCEPTED' } as const;
export type ChallengeStatus = (typeof ChallengeStatus)[keyof typeof ChallengeStatus];

/**
 * `data` of a notification: the challenge fields of docs/product/moments.md#dares for FRIENDLY_CHALLENGE, `tagged_users` for a tag,
 * and the ids the client needs to open the notification by type (docs/product/realtime.md#notifications-list).
 */
export const NotificationData = Type.Object({
  friendly: Type.Optional(Type.Boolean()),
  challenger_user_screen_name: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  start_date: Type.Optional(Type.String()),
  end_date: Type.Optional(Type.String()),
  metric: Type.Optional(Type.String({ description: 'DURATION, DISTANCE, CALORIES (or the criterion name)' })),
  metric_goal: Type.Optional(Nullable(Type.Number())),
  challenge_status: Type.Optional(Type.String({ description: 'AVAILABLE, then ACCEPTED' })),
  id: Type.Optional(Type.Integer({ description: 'the challenge (its moment) id' })),
  tagged_users: Type.Optional(Type.Array(Type.String())),
  user_id: Type.Optional(Type.Integer({ description: 'the member who caused it' })),
  group_id: Type.Optional(Type.Integer({ description: 'the private message thread to open' })),
  post_id: Type.Optional(Type.Integer()),
  comment_id: Type.Optional(Type.Integer()),
  moment_id: Type.Optional(Type.Integer()),
  call_id: Type.Optional(Type.Integer()),
  session_id: Type.Optional(Type.Integer()),
  quiet_counts: Type.Optional(
    Type.Array(Type.Object({ type: Type.Integer(), count: Type.Integer({ minimum: 1 }) }), {
      description: 'QUIET_DIGEST: how many notifications of each type arrived during the quiet hours',
    }),
  ),
  quiet_from: Type.Optional(Type.String({ description: 'QUIET_DIGEST: ISO 8601 start of the window' })),
  quiet_until: Type.Optional(Type.String({ description: 'QUIET_DIGEST: ISO 8601 end of the window' })),
  reminder: Type.Optional(
    Type.Union([Type.Literal('mood'), Type.Literal('activity')], {
      description: 'REMINDER: which check-in it asks for (decision 0054)',
    }),
  ),
});
export type NotificationData = Static<typeof NotificationData>;

/** The notification entity of docs/product/realtime.md#notification-types: unread until clicked (docs/product/realtime.md#notifications-list), typed by NotificationType. */
export const Notification = Type.Object({
  notification_id: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  read: Type.Boolean(),
  create_time: Type.String({ description: 'ISO 8601' }),
  image_url: Nullable(Type.String()),
  color: Nullable(Type.String()),
  source: Nullable(Type.String({ description: 'who or what caused it: a screen name, a community name' })),
  community_id: Nullable(Type.Integer()),
  type: Type.Integer({ description: 'NotificationType (docs/product/moments.md#dares)' }),
  data: NotificationData,
});
export type Notification = Static<typeof Notification>;

export const NotificationsResponse = Type.Object({
  notifications: Type.Array(Notification, { description: `newest first, at most ${NOTIFICATIONS_LIST_MAX}` }),
  unreadCount: Type.Integer(),
});
export type NotificationsResponse = Static<typeof NotificationsResponse>;

export const NotificationIdParams = Type.Object({ id: Id });

/** Answer of read and accept, and the data of NOTIFICATION/NEW and NOTIFICATION/UPDATE events. */
export const NotificationChange = Type.Object({
  notification: Notification,
  unreadCount: Type.Integer(),
  quiet: Type.Optional(
    Type.Boolean({ description: "NEW during the member's quiet hours: list and badge only, no sound" }),
  ),
});
export type NotificationChange = Static<typeof NotificationChange>;

/**
 * NOTIFICATION UPDATE: one notification changed (read, accepted) with the new unread count, or, after
 * "read all", the count alone.
 */
export const NotificationUpdate = Type.Object({
  notification: Type.Optional(Notification),
  unreadCount: Type.Integer(),
});
export type NotificationUpdate = Static<typeof NotificationUpdate>;

export const UnreadCountResponse = Type.Object({ unreadCount: Type.Integer() });
export type UnreadCountResponse = Static<typeof UnreadCountResponse>;

export const MaintenanceBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: MAINTENANCE_TITLE_MAX }),
    body: Type.String({ maxLength: MAINTENANCE_BODY_MAX }),
    organization_id: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type MaintenanceBody = Static<typeof MaintenanceBody>;

/** MAINTENANCE_NOTIFICATION NEW (docs/product/realtime.md#connection): the announcement itself; every open app shows it at once. */
export const MaintenanceEventData = Type.Object({ title: Type.String(), body: Type.String() });
export type MaintenanceEventData = Static<typeof MaintenanceEventData>;

export const MaintenanceResponse = Type.Object({
  recipients: Type.Integer({ description: 'members of the organisation the announcement reached' }),
});
