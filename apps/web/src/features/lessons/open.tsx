import type { ChatSession } from '@orbit/contract';
import { useLessonRoom } from '../../api/lessons';
import { openDialog, useDialogStore } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';
import { S } from './texts';

// Each screen's code loads when it is first opened, not with the app's first screen.
const LessonRoomView = lazyScreen(() => import('./LessonRoomView').then((m) => m.LessonRoomView));
const StreamingList = lazyScreen(() => import('./StreamingList').then((m) => m.StreamingList));

/**
 * Pops the stack back to the community page the streaming rooms list was opened from (the whole stack when the
 * room was opened from a link without it).
 */
async function returnToCommunity(): Promise<void> {
  const store = useDialogStore.getState;
  while (store().stack.length > 0 && store().stack.at(-1)?.route?.kind !== 'community') {
    const before = store().stack.length;
    await store().back();
    if (store().stack.length === before) return;
  }
}

/** The community's LIVE and SAVED SESSIONS list (docs/product/calls-and-lessons.md#lesson-list), from the community page's stream icon. */
const streamingView = (communityId: number) => ({
  title: S.title,
  route: { kind: 'sessions', ids: [communityId] },
  render: () => <StreamingList communityId={communityId} onOpen={openLessonRoom} />,
});
export const openStreaming = (communityId: number) => openDialog(streamingView(communityId));

/** The name of a lesson opened from its address, once its room has loaded. */
function LessonName({ id }: { id: number }) {
  return useLessonRoom(id).data?.session.name ?? null;
}

/** A lesson's chat room (docs/product/calls-and-lessons.md#lesson-room): live, ended, or its recording; on a desktop it takes the window. */
const lessonRoomView = (lesson: Pick<ChatSession, 'id' | 'community_id' | 'name'>) => ({
  title: lesson.name,
  titleIsName: true,
  stage: true,
  route: { kind: 'lesson', ids: [lesson.community_id, lesson.id] },
  render: () => (
    <LessonRoomView lessonId={lesson.id} communityId={lesson.community_id} onReturn={returnToCommunity} />
  ),
});
export const openLessonRoom = (lesson: Pick<ChatSession, 'id' | 'community_id' | 'name'>) =>
  openDialog(lessonRoomView(lesson));

/** A community's sessions list and a lesson's room, reopened by a link or a reload (docs/decisions/0042). */
export const LESSON_ADDRESSES: readonly Address[] = [
  { kind: 'sessions', ids: 1, view: ([communityId]) => streamingView(communityId) },
  {
    kind: 'lesson',
    ids: 2,
    view: ([communityId, id]) => ({
      ...lessonRoomView({ id, community_id: communityId, name: '' }),
      heading: () => <LessonName id={id} />,
    }),
  },
];
