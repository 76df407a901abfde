import type { PlaceOpeners } from '../../app/places';
import {
  openAddParticipant,
  openFriendPicker,
  openGroupStar,
  openMessages,
  openNewGroup,
  openPrivateThread,
  openThread,
  showThreadInstead,
} from './open';

export { MESSAGE_ADDRESSES } from './open';

export const messagePlaces = {
  messages: () => openMessages(),
  thread: ({ instead, ...thread }) => (instead ? showThreadInstead(thread) : openThread(thread)),
  'private-thread': ({ userId, name, instead }) =>
    void openPrivateThread(userId, name, instead ? showThreadInstead : openThread),
  'group-star': openGroupStar,
  'friend-picker': () => openFriendPicker(),
  'new-group': () => openNewGroup(),
  'add-participant': ({ chosen, onAdd }) => openAddParticipant(chosen, onAdd),
} satisfies Partial<PlaceOpeners>;
