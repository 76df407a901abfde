import type {
  ChatEventData,
  ChatSession,
  ChatSessionList,
  EventEnvelope,
  SessionActivity,
  SessionCreateBody,
  SessionFloor,
  SessionMicBody,
  SessionModerateBody,
  SessionPost,
  SessionPostBody,
  SessionPosts,
  SessionRoom,
  SessionViewers,
} from '@orbit/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { apiUrl, get, post } from './client';

/** Query keys of live sessions: one root, so a SESSION_ACTIVITY event can refresh every list at once. */
export const sessionKeys = {
  root: ['sessions'] as const,
  list: (communityId: number) => ['sessions', 'list', communityId] as const,
  live: (communityId: number) => ['sessions', 'live', communityId] as const,
  room: (sessionId: number) => ['sessions', 'room', sessionId] as const,
  viewers: (sessionId: number) => ['sessions', 'viewers', sessionId] as const,
  posts: (sessionId: number) => ['sessions', 'posts', sessionId] as const,
};

const base = (communityId: number, sessionId: number) =>
  `/communities/${communityId}/chat-sessions/${sessionId}`;

/** The recording's address: the player streams it with range requests and the download link saves it. */
export const mediaFileUrl = (communityId: number, sessionId: number) =>
  apiUrl(`${base(communityId, sessionId)}/mediafile`);

// A failing session list is ignored silently (002 §8): the list shows empty, nothing pops up.
export function useSessions(communityId: number) {
  return useQuery({
    queryKey: sessionKeys.list(communityId),
    queryFn: () => get<ChatSessionList>(`/communities/${communityId}/chat-sessions`),
    retry: false,
  });
}

/** The community page's live marker. */
export function useLiveSessions(communityId: number) {
  return useQuery({
    queryKey: sessionKeys.live(communityId),
    queryFn: () => get<ChatSessionList>(`/communities/${communityId}/chat-sessions-live`),
    retry: false,
  });
}

/** GET /gojitalk/{id}: the session, my standing, and the rooms' pins while it runs. */
export function useSessionRoom(sessionId: number) {
  return useQuery({
    queryKey: sessionKeys.room(sessionId),
    queryFn: () => get<SessionRoom>(`/gojitalk/${sessionId}`),
    retry: false,
  });
}

export function useViewers(communityId: number, sessionId: number, enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.viewers(sessionId),
    queryFn: () => get<SessionViewers>(`${base(communityId, sessionId)}/viewers`),
    enabled,
  });
}

export function usePosts(communityId: number, sessionId: number) {
  return useQuery({
    queryKey: sessionKeys.posts(sessionId),
    queryFn: () => get<SessionPosts>(`${base(communityId, sessionId)}/posts`),
  });
}

export function useCreateSession(communityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionCreateBody) =>
      trackBusy(post<ChatSession>(`/communities/${communityId}/chat-sessions`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.root }),
  });
}

/**
 * POST /gojitalk/{id}/leave when the room closes, so its chat stops reaching me. The room query goes stale
 * after it: opening the room again fetches it, which enters the room again (in that order, never racing).
 */
export function leaveRoom(queryClient: QueryClient, sessionId: number) {
  return post(`/gojitalk/${sessionId}/leave`)
    .catch(() => undefined)
    .then(() => refreshRoom(queryClient, sessionId));
}

/** The room changed in a way no event carries whole (kicked, a floor request answered): fetch it again. */
export const refreshRoom = (queryClient: QueryClient, sessionId: number) =>
  queryClient.invalidateQueries({ queryKey: sessionKeys.room(sessionId) });

export function useRefreshRoom(sessionId: number) {
  const queryClient = useQueryClient();
  return () => void refreshRoom(queryClient, sessionId);
}

export const endSession = (communityId: number, sessionId: number) =>
  trackBusy(post<ChatSession>(`${base(communityId, sessionId)}/end`));

export const changeMyMic = (communityId: number, sessionId: number, action: SessionMicBody['action']) =>
  post<{ mic: number }>(`${base(communityId, sessionId)}/mic`, { action });

export const moderate = (communityId: number, sessionId: number, body: SessionModerateBody) =>
  post<SessionFloor>(`${base(communityId, sessionId)}/moderate`, body);

export function useSendPost(communityId: number, sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionPostBody) =>
      trackBusy(post<SessionPost>(`${base(communityId, sessionId)}/posts`, body)),
    onSuccess: (created) => addPost(queryClient, created),
  });
}

/** Idempotent: the reply and the event may both bring the same post. */
function addPost(queryClient: QueryClient, created: SessionPost) {
  queryClient.setQueryData<SessionPosts>(sessionKeys.posts(created.session_id), (old) =>
    old && !old.posts.some((p) => p.id === created.id) ? { posts: [...old.posts, created] } : old,
  );
}

type RoomListener = (activity: SessionActivity) => void;
const listeners = new Set<RoomListener>();

/** The open session room listens here for its floor, my mic (gotMic, micRemoved) and a kick. */
export function onSessionActivity(listener: RoomListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The live sessions' share of the SESSION_ACTIVITY row (the activities feature shares the event type, as
 * `kind: 'activity'`): a session change refreshes the lists; a post lands in the open chat; the rest goes to
 * the open room.
 */
export function applySessionEvent(
  queryClient: QueryClient,
  invalidate: (key: readonly unknown[]) => void,
  event: EventEnvelope<'SESSION_ACTIVITY'>,
) {
  const data = event.data;
  if (data.kind === 'activity') return;
  if (data.kind === 'session') {
    invalidate(sessionKeys.list(data.session.community_id));
    invalidate(sessionKeys.live(data.session.community_id));
    invalidate(sessionKeys.room(data.session.id));
  } else if (data.kind === 'post') {
    addPost(queryClient, data.post);
  } else if (data.kind === 'floor') {
    invalidate(sessionKeys.viewers(data.session_id));
  }
  for (const listener of listeners) listener(data);
}

type ChatListener = (post: ChatEventData) => void;
const chatListeners = new Set<ChatListener>();

/** The open room's chat toast listens here for CHAT NEW. */
export function onChatPost(listener: ChatListener): () => void {
  chatListeners.add(listener);
  return () => chatListeners.delete(listener);
}

/** CHAT NEW (000 §7): a post in a room I am in; the POSTS list takes it, the room shows the toast. */
export function applyChatEvent(queryClient: QueryClient, event: EventEnvelope<'CHAT'>, toast = true) {
  addPost(queryClient, event.data);
  if (toast) for (const listener of chatListeners) listener(event.data);
}
