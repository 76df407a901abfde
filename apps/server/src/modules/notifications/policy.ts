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

/** Does a member at `level` (0 off, 1 partial, 2 full) receive a notification of `type`? */
export function wantsNotification(level: number, type: number): boolean {
  if (level >= NotificationLevel.FULL) return true;
  if (level === NotificationLevel.PARTIAL) return PARTIAL_TYPES.has(type);
  return false;
}

/** Organisation role 2 (the administrators) may announce maintenance to their organisation. */
export function assertMayAnnounce(orgRoles: number[] | undefined) {
  if (!orgRoles?.includes(OrgRole.ADMIN)) {
    throw forbidden('Only organisation administrators may announce maintenance', 'not_an_administrator');
  }
}
