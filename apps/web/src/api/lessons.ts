import type {
  ChatEventData,
  EventEnvelope,
  SessionActivity,
  SessionCreateBody,
  SessionMicBody,
  SessionModerateBody,
  SessionPost,
  SessionPostBody,
  SessionPosts,
} from '@orbit/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { useChannelInterest } from './channelInterest';
import { apiUrl, call, endpointRequest } from './client';

/** Query keys of live lessons: one root, so a SESSION_ACTIVITY event can refresh every list at once. */
export const lessonKeys = {
  root: ['lessons'] as const,
  list: (communityId: number) => ['lessons', 'list', communityId] as const,
  live: (communityId: number) => ['lessons', 'live', communityId] as const,
  room: (lessonId: number) => ['lessons', 'room', lessonId] as const,
  viewers: (lessonId: number) => ['lessons', 'viewers', lessonId] as const,
  posts: (lessonId: number) => ['lessons', 'posts', lessonId] as const,
};

/** A lesson's path params: its community and itself. */
const inLesson = (communityId: number, lessonId: number) => ({
  params: { id: communityId, sessionId: lessonId },
});

/** The recording's address: the player streams it with range requests and the download link saves it. */
export const mediaFileUrl = (communityId: number, lessonId: number) =>
  apiUrl(endpointRequest('lessonRecording', inLesson(communityId, lessonId).params).path);

// A failing lesson list is ignored silently (docs/product/README.md#errors): the list shows empty, nothing pops up.
export function useLessons(communityId: number) {
  useChannelInterest(communityId);
  return useQuery({
    queryKey: lessonKeys.list(communityId),
    queryFn: () => call('lessons', { params: { id: communityId } }),
    retry: false,
  });
}

/** The community page's live marker. */
export function useLiveLessons(communityId: number) {
  useChannelInterest(communityId);
  return useQuery({
    queryKey: lessonKeys.live(communityId),
    queryFn: () => call('liveLessons', { params: { id: communityId } }),
    retry: false,
  });
}

/** GET /gojitalk/{id}: the lesson, my standing, and the rooms' pins while it runs. */
export function useLessonRoom(lessonId: number) {
  const room = useQuery({
    queryKey: lessonKeys.room(lessonId),
    queryFn: () => call('lessonRoom', { params: { id: lessonId } }),
    retry: false,
  });
  useChannelInterest(room.data?.session.community_id);
  return room;
}

export function useViewers(communityId: number, lessonId: number, enabled: boolean) {
  useChannelInterest(enabled ? communityId : null);
  return useQuery({
    queryKey: lessonKeys.viewers(lessonId),
    queryFn: () => call('lessonViewers', inLesson(communityId, lessonId)),
    enabled,
  });
}

export function usePosts(communityId: number, lessonId: number) {
  useChannelInterest(communityId);
  return useQuery({
    queryKey: lessonKeys.posts(lessonId),
    queryFn: () => call('lessonPosts', inLesson(communityId, lessonId)),
  });
}

export function useCreateLesson(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionCreateBody) =>
      trackBusy(call('createLesson', { params: { id: communityId }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonKeys.root }),
  });
}

/**
 * POST /gojitalk/{id}/leave when the room closes, so its chat stops reaching me. The room query goes stale
 * after it: opening the room again fetches it, which enters the room again (in that order, never racing).
 */
export function leaveRoom(queryClient: QueryClient, lessonId: number) {
  return call('leaveLessonRoom', { params: { id: lessonId } })
    .catch(() => undefined)
    .then(() => refreshRoom(queryClient, lessonId));
}

/**
 * Closing the tab runs no effect's cleanup, and the room would go on sending its chat to the member's other
 * screens until the lesson ends: the leave goes out as the page is hidden for good, and a page restored from
 * the back-forward cache fetches the room again, which enters it again. Answers the listeners' removal.
 */
export function leaveRoomWithThePage(queryClient: QueryClient, lessonId: number): () => void {
  const hidden = (event: PageTransitionEvent) => {
    if (!event.persisted) void call('leaveLessonRoom', { params: { id: lessonId }, keepalive: true });
  };
  const shown = (event: PageTransitionEvent) => {
    if (event.persisted) void refreshRoom(queryClient, lessonId);
  };
  window.addEventListener('pagehide', hidden);
  window.addEventListener('pageshow', shown);
  return () => {
    window.removeEventListener('pagehide', hidden);
    window.removeEventListener('pageshow', shown);
  };
}

/** The room changed in a way no event carries whole (kicked, a floor request answered): fetch it again. */
export const refreshRoom = (queryClient: QueryClient, lessonId: number) =>
  queryClient.invalidateQueries({ queryKey: lessonKeys.room(lessonId) });

export function useRefreshRoom(lessonId: number) {
  const queryClient = useQueryClient();
  return () => void refreshRoom(queryClient, lessonId);
}

export const endLesson = (communityId: number, lessonId: number) =>
  trackBusy(call('endLesson', inLesson(communityId, lessonId)));

export const changeMyMic = (communityId: number, lessonId: number, action: SessionMicBody['action']) =>
  call('lessonMic', { ...inLesson(communityId, lessonId), body: { action } });

export const moderate = (communityId: number, lessonId: number, body: SessionModerateBody) =>
  call('moderateLesson', { ...inLesson(communityId, lessonId), body });

export function useSendPost(communityId: number, lessonId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionPostBody) =>
      trackBusy(call('createLessonPost', { ...inLesson(communityId, lessonId), body })),
    onSuccess: (created) => addPost(queryClient, created),
  });
}

/** Idempotent: the reply and the event may both bring the same post. */
function addPost(queryClient: QueryClient, created: SessionPost) {
  queryClient.setQueryData<SessionPosts>(lessonKeys.posts(created.session_id), (old) =>
    old && !old.posts.some((p) => p.id === created.id) ? { posts: [...old.posts, created] } : old,
  );
}

/** `replay`: the news arrived on a resume, missed while offline, so it changes the room without a sound. */
type RoomListener = (activity: SessionActivity, replay: boolean) => void;
const listeners = new Set<RoomListener>();

/** The open lesson room listens here for its floor, my mic (gotMic, micRemoved) and a kick. */
export function onSessionActivity(listener: RoomListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The live lessons' share of the SESSION_ACTIVITY row (the activities feature shares the event type, as
 * `kind: 'activity'`): a lesson change refreshes the lists; a post lands in the open chat; the rest goes to
 * the open room.
 */
export function applyLessonEvent(
  queryClient: QueryClient,
  invalidate: (key: readonly unknown[]) => void,
  event: EventEnvelope<'SESSION_ACTIVITY'>,
  replay = false,
) {
  const data = event.data;
  if (data.kind === 'activity') return;
  if (data.kind === 'session') {
    invalidate(lessonKeys.list(data.session.community_id));
    invalidate(lessonKeys.live(data.session.community_id));
    invalidate(lessonKeys.room(data.session.id));
  } else if (data.kind === 'post') {
    addPost(queryClient, data.post);
  } else if (data.kind === 'floor') {
    invalidate(lessonKeys.viewers(data.session_id));
  }
  for (const listener of listeners) listener(data, replay);
}

type ChatListener = (post: ChatEventData) => void;
const chatListeners = new Set<ChatListener>();

/** The open room's chat toast listens here for CHAT NEW. */
export function onChatPost(listener: ChatListener): () => void {
  chatListeners.add(listener);
  return () => chatListeners.delete(listener);
}

/** CHAT NEW (docs/product/account-and-safety.md#persona): a post in a room I am in; the POSTS list takes it, the room shows the toast. */
export function applyChatEvent(queryClient: QueryClient, event: EventEnvelope<'CHAT'>, toast = true) {
  addPost(queryClient, event.data);
  if (toast) for (const listener of chatListeners) listener(event.data);
}
