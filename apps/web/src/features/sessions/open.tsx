import type { ChatSession } from '@orbit/contract';
import { openDialog, useDialogStore } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import { S } from './texts';

// Each screen's code loads when it is first opened, not with the app's first screen.
const SessionRoomView = lazyScreen(() => import('./SessionRoomView').then((m) => m.SessionRoomView));
const StreamingList = lazyScreen(() => import('./StreamingList').then((m) => m.StreamingList));

/** Pops the stack back to the community page the streaming rooms list was opened from. */
function returnTo(depth: number): () => void {
  return async () => {
    const store = useDialogStore.getState;
    while (store().stack.length > depth) {
      const before = store().stack.length;
      await store().back();
      if (store().stack.length === before) return;
    }
  };
}

/** The streaming rooms list of one community (002 §2), from the community page's stream icon. */
export function openStreaming(communityId: number) {
  const onReturn = returnTo(useDialogStore.getState().stack.length);
  openDialog({
    title: S.title,
    render: () => (
      <StreamingList communityId={communityId} onOpen={(session) => openSessionRoom(session, onReturn)} />
    ),
  });
}

/** A session's chat room: live, ended, or its recording (002 §4). */
export function openSessionRoom(
  session: Pick<ChatSession, 'id' | 'community_id' | 'name'>,
  onReturn: () => void,
) {
  openDialog({
    title: session.name,
    titleIsName: true,
    render: () => (
      <SessionRoomView sessionId={session.id} communityId={session.community_id} onReturn={onReturn} />
    ),
  });
}
