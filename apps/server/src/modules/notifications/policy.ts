import { NotificationLevel, NotificationType, OrgRole } from '@orbit/contract';
import { forbidden } from '../../platform/errors';

/**
 * What still reaches a member at the partial level (docs/decisions/0013-notifications.md): what is addressed
 * to them personally. Broadcasts to a whole community or organisation (session start, surveys, maintenance)
 * need the full level.
 */
export const PARTIAL_TYPES: ReadonlySet<number> = new Set<number>([
  NotificationType.COMMUNITY_STAR,
  NotificationType.ME_STAR,
  NotificationType.FRIEND_STAR,
  NotificationType.COMMENTS,
  NotificationType.PRIVATE_MESSAGE,
  NotificationType.CALL_START,
  NotificationType.CALL_END,
  NotificationType.CALL_REJECT,
  NotificationType.FRIENDLY_CHALLENGE,
  NotificationType.QUIET_DIGEST,
  NotificationType.REMINDER,
]);

/**
 * The lowest notification_level (0 off, 1 partial, 2 full) at which a member receives a notification of `type`:
 * a level at or above it does. A number, so that the statement writing the notifications applies it.
 */
export const lowestLevelWanting = (type: number): number =>
  PARTIAL_TYPES.has(type) ? NotificationLevel.PARTIAL : NotificationLevel.FULL;

/** Organisation role 2 (the administrators) may announce maintenance to their organisation. */
export function assertMayAnnounce(orgRoles: number[] | undefined) {
  if (!orgRoles?.includes(OrgRole.ADMIN)) {
    throw forbidden('Only organisation administrators may announce maintenance', 'not_an_administrator');
  }
}
