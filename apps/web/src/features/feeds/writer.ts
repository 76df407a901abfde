import { LIMITS } from '@orbit/contract';

/** The writer's status (docs/product/feeds-and-comments.md#post-writer): each toggle returns to regular; choosing a recipient gives private. */
export type WriterStatus = 'regular' | 'anonymous' | 'searching' | 'private' | 'sendImage';

export function toggleStatus(current: WriterStatus, wanted: WriterStatus): WriterStatus {
  if (wanted === 'private' || wanted === 'searching') {
    return current === 'searching' || current === 'private' ? 'regular' : 'searching';
  }
  return current === wanted ? 'regular' : wanted;
}

/** Enter sends, not with Shift and not on mobile (docs/product/feeds-and-comments.md#post-limits); whether an empty box is sent is `sendCheck`'s. */
export function isSendKey(event: { key: string; shiftKey: boolean }, mobile: boolean): boolean {
  return event.key === 'Enter' && !event.shiftKey && !mobile;
}

export type SendCheck = 'send' | 'ignore' | 'too_long';

/** An empty message is ignored unless files go with it; over 10000 characters is refused (docs/product/feeds-and-comments.md#post-limits). */
export function sendCheck(message: string, hasFiles: boolean, uploadError = false): SendCheck {
  if (uploadError) return 'ignore';
  if (message.length > LIMITS.postMessage) return 'too_long';
  if (message.trim().length === 0 && !hasFiles) return 'ignore';
  return 'send';
}

/** The edit-mode counter limit (docs/product/feeds-and-comments.md#post-limits: length/280). */
export const EDIT_COUNTER_LIMIT = LIMITS.message;

/** Touch-first devices count as mobile for the Enter rule. */
export function isMobileDevice(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;
}
