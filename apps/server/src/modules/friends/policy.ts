import { EN_US, LIMITS } from '@orbit/contract';
import { badRequest, forbidden } from '../../platform/errors';
import type { Relation } from '../faces';

export function assertNotSelf(callerId: number, userId: number) {
  if (callerId === userId) throw badRequest('self_request', 'You cannot send a friend request to yourself');
}

/** A member's friends are shown to their friends only. */
export function assertMaySeeFriendsOf(relation: Relation) {
  if (!relation.isFriend) throw forbidden('Only friends see each other’s friends', 'not_friends');
}

/** The message box's own placeholder text (docs/product/friends.md#private-request: a placeholder counts as empty). */
const PLACEHOLDER = EN_US['private_request.message'].toLowerCase();

/** A request's optional message: blank or the placeholder is none; longer than 280 is refused. */
export function requestMessage(raw: string | null | undefined): string | null {
  const message = raw?.trim() ?? '';
  if (message.length === 0 || message.toLowerCase() === PLACEHOLDER) return null;
  if (message.length > LIMITS.message) {
    throw badRequest('message_too_long', `Exceeded ${LIMITS.message} character limit`);
  }
  return message;
}
