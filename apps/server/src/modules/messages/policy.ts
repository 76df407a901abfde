import { PM_MESSAGE_MAX } from '@orbit/contract';
import { badRequest, forbidden, notFound } from '../../platform/errors';

/** A thread the caller does not take part in is one they may not know exists (docs/product/README.md#errors: it answers 404). */
export const noSuchThread = () => notFound('No such conversation');

export const notFriends = () =>
  forbidden('You can only send private messages to your friends', 'not_friends');

/** The trimmed text of a message; empty is allowed only when attachments carry the message. */
export function messageText(raw: string, hasAttachments: boolean): string {
  const text = raw.trim();
  if (text.length === 0 && !hasAttachments) throw badRequest('empty_message', 'An empty message is not sent');
  if (text.length > PM_MESSAGE_MAX) {
    throw badRequest('message_too_long', `Exceeded ${PM_MESSAGE_MAX} character limit`);
  }
  return text;
}

/** Only the author edits or deletes a message (docs/product/messages.md#edit-delete: own messages offer edit and delete). */
export function assertAuthor(authorId: number | null, callerId: number): void {
  if (authorId !== callerId) throw forbidden('You can only change your own messages', 'not_author');
}

/**
 * A group needs more than 2 participants including its creator (docs/product/messages.md#message-limits); every other participant must
 * be the creator's friend, as a one-to-one thread must (docs/decisions/0015-messages.md).
 */
export function groupParticipants(creatorId: number, userIds: number[]): number[] {
  const participants = [...new Set([creatorId, ...userIds])];
  if (participants.length <= 2) {
    throw badRequest('group_too_small', 'A group needs more than 2 participants including you');
  }
  return participants;
}

/** The key of a one-to-one thread: one thread per pair, whoever opened it. */
export const pairKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
