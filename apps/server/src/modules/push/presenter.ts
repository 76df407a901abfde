import {
  PUSH_LIMITS,
  type PushPayload,
  type PushPreferences,
  type PushSubscriptionEntry,
  PushType,
} from '@orbit/contract';
import type { pushSubscriptions } from '../../db/schema';

/**
 * What caused a push, as the module that causes it words it for the recipient: `title` and `body` are shown
 * only with previews on; with them off the presenter says what happened and from whom, never the text.
 */
export interface PushCause {
  type: PushType;
  /** The member who caused it, as the recipient sees them; null when nobody in particular did. */
  from: string | null;
  title: string;
  body: string;
  url: string;
  tag: string;
  /** The body with previews off, where the kind's usual words would not fit (a live session is not a post). */
  privateBody?: string;
}

/** Which of the member's switches lets each kind through. */
export const PREFERENCE_OF: Record<PushType, Exclude<keyof PushPreferences, 'previews'>> = {
  PM: 'messages',
  MENTION: 'mentions',
  FRIEND_REQUEST: 'friend_requests',
  MOMENT: 'moments',
  CALL: 'calls',
  COMMUNITY: 'community',
  REMINDER: 'reminders',
};

/** The words of a push with previews off: what happened and from whom, nothing that was written. */
function privateWords(cause: PushCause): { title: string; body: string } {
  const who = cause.from ?? 'Someone';
  switch (cause.type) {
    case PushType.PM:
      return { title: 'New message', body: `A message from ${who}` };
    case PushType.MENTION:
      return {
        title: 'You were mentioned',
        body: cause.from ? `${who} mentioned you` : 'You were mentioned in a post',
      };
    case PushType.FRIEND_REQUEST:
      return { title: cause.title, body: cause.body };
    case PushType.MOMENT:
      return { title: cause.title, body: `${who} challenged you` };
    case PushType.CALL:
      return { title: cause.title, body: cause.body };
    case PushType.COMMUNITY:
      return { title: cause.title, body: cause.privateBody ?? `A new post from ${who}` };
    case PushType.REMINDER:
      return { title: cause.title, body: cause.body };
  }
}

const preview = (text: string) =>
  text.length > PUSH_LIMITS.preview ? `${text.slice(0, PUSH_LIMITS.preview - 1)}…` : text;

/** The payload one recipient's devices decrypt. */
export function presentPush(cause: PushCause, previews: boolean): PushPayload {
  const words = previews ? { title: cause.title, body: preview(cause.body) } : privateWords(cause);
  return { type: cause.type, ...words, url: cause.url, tag: cause.tag };
}

export function presentSubscription(
  row: typeof pushSubscriptions.$inferSelect,
  currentSessionId: number,
): PushSubscriptionEntry {
  return {
    subscription_id: row.id,
    created_at: row.createdAt.toISOString(),
    user_agent: row.userAgent,
    current: row.sessionId === currentSessionId,
  };
}
