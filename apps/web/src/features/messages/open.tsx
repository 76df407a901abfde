import { openDirectThread, usePreview } from '../../api/messages';
import type { Star } from '../../api/types';
import type { ThreadRef } from '../../app/places';
import { T } from '../../i18n/texts';
import { AddressedTitle } from '../../ui/AddressedTitle';
import { openDialog, replaceDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';
import { showError } from '../../ui/popup';

// Each screen's code loads when it is first opened, not with the app's first screen.
const AddParticipant = lazyScreen(() => import('./AddParticipant').then((m) => m.AddParticipant));
const ConversationView = lazyScreen(() => import('./ConversationView').then((m) => m.ConversationView));
const FriendPicker = lazyScreen(() => import('./FriendPicker').then((m) => m.FriendPicker));
const MessagesView = lazyScreen(() => import('./MessagesView').then((m) => m.MessagesView));
const NewGroupView = lazyScreen(() => import('./NewGroupView').then((m) => m.NewGroupView));

export type { ThreadRef };

/** The title of a thread opened from its address, once its header has loaded. */
function ThreadName({ groupId }: { groupId: number }) {
  const preview = usePreview(groupId);
  return <AddressedTitle name={preview.data?.group_name} failed={preview.isError} />;
}

const threadView = ({ groupId, title, onGone }: ThreadRef) => ({
  title,
  titleIsName: true,
  heading: title ? undefined : () => <ThreadName groupId={groupId} />,
  route: { kind: 'thread', ids: [groupId] },
  render: () => <ConversationView groupId={groupId} onGone={onGone} />,
});

/** The private messages list (docs/product/messages.md#previews), from the home view's header and the side menu. */
const messagesView = () => ({
  title: T.privateMessages,
  route: { kind: 'messages', ids: [] },
  render: () => <MessagesView />,
});
export const openMessages = () => openDialog(messagesView());
export const openThread = (thread: ThreadRef) => openDialog(threadView(thread));
/** Once a thread is opened or created from a form, it takes the form's place on the stack. */
export const showThreadInstead = (thread: ThreadRef) => replaceDialog(threadView(thread));

/**
 * The one private thread with a friend (POST /pms/direct finds or starts it), opened on the stack, or in the
 * place of the picker it was chosen from.
 */
export async function openPrivateThread(
  userId: number,
  name: string,
  show: (thread: ThreadRef) => void = openThread,
): Promise<void> {
  try {
    const { group_id } = await openDirectThread(userId);
    show({ groupId: group_id, title: name });
  } catch {
    showError(T.popupMessage, T.pleaseTryAgain);
  }
}

export const openFriendPicker = () =>
  openDialog({ title: T.messagesPrivateMessage, render: () => <FriendPicker /> });
export const openNewGroup = () =>
  openDialog({ title: T.messagesGroupMessage, render: () => <NewGroupView /> });

export const openAddParticipant = (chosen: readonly number[], onAdd: (userId: number) => void) =>
  openDialog({
    title: T.messagesAddParticipant,
    render: () => <AddParticipant chosen={chosen} onAdd={onAdd} />,
  });

/** A group's PRIVATE_MESSAGES star (15) opens its thread; a star without its group opens the list. */
export function openGroupStar(star: Pick<Star, 'name' | 'group_id'>): void {
  if (star.group_id) openThread({ groupId: star.group_id, title: star.name });
  else openMessages();
}

/** The message views a link or a reload can reopen (docs/decisions/0042). */
export const MESSAGE_ADDRESSES: readonly Address[] = [
  { kind: 'messages', ids: 0, view: messagesView },
  { kind: 'thread', ids: 1, view: ([groupId]) => threadView({ groupId, title: '' }) },
];
