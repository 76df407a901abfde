import type { PlaceOpeners } from '../../app/places';
import { openGroupStar, openMessages, openPrivateThread, openThread } from './open';

export { MESSAGE_ADDRESSES } from './open';

export const messagePlaces = {
  messages: () => openMessages(),
  thread: openThread,
  'private-thread': ({ userId, name }) => void openPrivateThread(userId, name),
  'group-star': openGroupStar,
} satisfies Partial<PlaceOpeners>;
