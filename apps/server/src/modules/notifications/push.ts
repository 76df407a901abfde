import { NotificationType, notificationPushTag, PushType } from '@orbit/contract';
import type { PushCause } from '../push';
import { type NotificationInput, REMINDER_PATHS } from './entities';

/** Where a post opens (decision 0042): in its community, or on its own. */
const postPath = (postId: unknown, communityId: number | null | undefined) =>
  communityId ? `/community/${communityId}/post/${postId}` : `/post/${postId}`;

/**
 * The push a notification also is, when it is one of the kinds that reach a lock screen (decision 0053): its
 * title and body with previews on, the app path that opens it, and the tag that groups a burst.
 */
export function pushCauseOf(input: NotificationInput): PushCause | null {
  const data = input.data ?? {};
  const tag = notificationPushTag(input.type, data);
  if (tag === null) return null;
  const words = { from: input.source ?? null, title: input.title, body: input.body ?? '', tag };
  switch (input.type) {
    case NotificationType.PRIVATE_MESSAGE:
      return { ...words, type: PushType.PM, url: `/thread/${data.group_id}` };
    case NotificationType.ME_STAR:
      return { ...words, type: PushType.MENTION, url: postPath(data.post_id, input.community_id) };
    case NotificationType.FRIEND_STAR:
      return { ...words, type: PushType.FRIEND_REQUEST, url: '/requests' };
    case NotificationType.FRIENDLY_CHALLENGE:
      return { ...words, type: PushType.MOMENT, url: '/notifications' };
    case NotificationType.CALL_START:
      return { ...words, type: PushType.CALL, url: `/call/${data.call_id}` };
    case NotificationType.REMINDER:
      return { ...words, type: PushType.REMINDER, url: REMINDER_PATHS[data.reminder ?? 'mood'] };
    default:
      return null;
  }
}
