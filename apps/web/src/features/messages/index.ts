import type { PlaceOpeners } from '../../app/places';
import { openGroupStar, openMessages, openPrivateThread, openThread } from './open';

/** What other features may use of messages (docs/decisions/0059). */
export { ConversationView } from './ConversationView';
export { MESSAGE_ADDRESSES } from './open';

export const messagePlaces = {
  messages: () => openMessages(),
  thread: openThread,
  'private-thread': ({ userId, name }) => void openPrivateThread(userId, name),
  'group-star': openGroupStar,
} satisfies Partial<PlaceOpeners>;
