import type { FriendEntry, FriendRequestEntry } from '@orbit/contract';
import type { MemberFace } from '../faces';

export function presentFriendEntry(face: MemberFace): FriendEntry {
  return {
    user_id: face.user_id,
    name: face.name,
    screen_name: face.screen_name,
    avatar_image: face.avatar_image,
    image_url: face.image_url,
  };
}

/**
 * One pending request with the screen_name, avatar_image and modified_time (its sent date) of docs/product/friends.md#requests-list,
 * for the requests list and the FRIEND_REQUEST SENT event alike.
 */
export function presentRequestEntry(
  face: MemberFace,
  request: { message: string | null; createdAt: Date },
): FriendRequestEntry {
  return {
    ...presentFriendEntry(face),
    message: request.message,
    modified_time: request.createdAt.toISOString(),
  };
}

/** Lists keyed by user id, as docs/product/friends.md#requests-list keys the incoming and outgoing collections. */
export function keyedByUserId<T extends { user_id: number }>(entries: T[]): Record<string, T> {
  return Object.fromEntries(entries.map((entry) => [String(entry.user_id), entry]));
}
