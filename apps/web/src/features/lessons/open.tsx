import type { ChatSession } from '@orbit/contract';
import { openDialog, useDialogStore } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import { S } from './texts';

// Each screen's code loads when it is first opened, not with the app's first screen.
const LessonRoomView = lazyScreen(() => import('./LessonRoomView').then((m) => m.LessonRoomView));
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

/** The community's LIVE and SAVED SESSIONS list (002 §2), from the community page's stream icon. */
export function openStreaming(communityId: number) {
  const onReturn = returnTo(useDialogStore.getState().stack.length);
  openDialog({
    title: S.title,
    render: () => (
      <StreamingList communityId={communityId} onOpen={(lesson) => openLessonRoom(lesson, onReturn)} />
    ),
  });
}

/** A lesson's chat room: live, ended, or its recording (002 §4). */
export function openLessonRoom(
  lesson: Pick<ChatSession, 'id' | 'community_id' | 'name'>,
  onReturn: () => void,
) {
  openDialog({
    title: lesson.name,
    titleIsName: true,
    // On a desktop the room takes the window: a large stage, and its posts and viewers beside it.
    stage: true,
    render: () => (
      <LessonRoomView lessonId={lesson.id} communityId={lesson.community_id} onReturn={onReturn} />
    ),
  });
}
