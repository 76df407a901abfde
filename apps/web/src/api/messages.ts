import {
  type EventEnvelope,
  EventSubtype,
  PM_IMAGE_TEXT,
  type PmCreateGroupBody,
  type PmListResponse,
  type PmPreview,
  type PmPreviewsResponse,
  type PrivateMessage,
  pushTag,
} from '@orbit/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { trackBusy } from '../ui/busy';
import { filesForm } from './attachments';
import { call } from './client';
import { queryKeys } from './keys';
import { closeSystemNotifications } from './systemNotifications';
import type { Profiles } from './types';

/** Query keys of private messages: one root, so one invalidation reaches previews and threads alike. */
export const messageKeys = {
  root: ['messages'] as const,
  previews: ['messages', 'previews'] as const,
  preview: (groupId: number) => ['messages', 'preview', groupId] as const,
  thread: (groupId: number) => ['messages', 'thread', groupId] as const,
};

type Thread = InfiniteData<PmListResponse, unknown>;

/** GET /pms/previews: every thread, latest first; the list filters them by name itself (docs/product/account-and-safety.md#profile). */
export function usePreviews() {
  return useQuery({
    queryKey: messageKeys.previews,
    queryFn: () => call('messagePreviews'),
  });
}

/** GET /pms/previews/{group_id}: one thread's header and whether its composer shows. */
export function usePreview(groupId: number) {
  return useQuery({
    queryKey: messageKeys.preview(groupId),
    queryFn: () => call('messagePreview', { params: { group_id: groupId } }),
    retry: false,
  });
}

/** GET /pms/list/{group_id}: pages newest first, each older one fetched with the last page's older_key. */
export function useThread(groupId: number) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(groupId),
    queryFn: ({ pageParam }) =>
      call('messages', { params: { group_id: groupId }, query: { page_key: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.older_key,
    // A thread is read while it is shown; what arrives meanwhile comes through PM events.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The thread's messages oldest first, as the conversation shows them. */
export const chronological = (thread: Thread | undefined): PrivateMessage[] =>
  (thread?.pages ?? []).flatMap((page) => page.messages).reverse();

function patchPreviews(queryClient: QueryClient, change: (previews: PmPreview[]) => PmPreview[]): void {
  queryClient.setQueryData<PmPreviewsResponse>(messageKeys.previews, (old) =>
    old ? { previews: change(old.previews) } : old,
  );
}

/** A preview that can no longer be loaded leaves the list (docs/product/messages.md#previews). */
export const dropPreview = (queryClient: QueryClient, groupId: number) =>
  patchPreviews(queryClient, (previews) => previews.filter((preview) => preview.group_id !== groupId));

/** POST /pms/read/{group_id}: the thread's counter clears here and on the home view. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) => call('readMessages', { params: { group_id: groupId } }),
    // Sent by opening a thread, not asked for: offline it fails without a word (docs/decisions/0045).
    meta: { unasked: true },
    onSuccess: (answer, groupId) => {
      closeSystemNotifications(pushTag.thread(groupId));
      patchPreviews(queryClient, (previews) =>
        previews.map((preview) =>
          preview.group_id === groupId ? { ...preview, unread_count: 0, state: 'read' } : preview,
        ),
      );
      queryClient.setQueryData<Profiles | null>(queryKeys.profiles, (old) =>
        old ? { ...old, pending_pms_qty: answer.pending_pms_qty } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    },
  });
}

export interface MessageEdit {
  groupId: number;
  pmId: number;
  message: string;
}

const messageParams = ({ groupId, pmId }: Pick<MessageEdit, 'groupId' | 'pmId'>) => ({
  group_id: groupId,
  pm_id: pmId,
});

/** Send, edit and delete: the PM event brings the result; refetching covers a socket that is down. */
function useThreadMutation<V extends { groupId: number }>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_answer, { groupId }) => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread(groupId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.previews });
    },
  });
}

export interface MessageToSend {
  groupId: number;
  message: string;
  /** With files the message goes through the attachments path (docs/product/messages.md (the section of the call: #previews), text and files at once. */
  files?: readonly File[];
}

export const useSendMessage = () =>
  useThreadMutation(({ groupId, message, files = [] }: MessageToSend) =>
    files.length === 0
      ? call('sendMessage', { params: { group_id: groupId }, body: { message } })
      : call('sendMessageWithFiles', { params: { group_id: groupId }, form: filesForm(files, { message }) }),
  );
export const useEditMessage = () =>
  useThreadMutation((edit: MessageEdit) =>
    call('editMessage', { params: messageParams(edit), body: { message: edit.message } }),
  );
export const useDeleteMessage = () =>
  useThreadMutation((target: Pick<MessageEdit, 'groupId' | 'pmId'>) =>
    call('deleteMessage', { params: messageParams(target) }),
  );

/** POST /pms/direct: the one thread with a friend, created on first use. */
export const openDirectThread = (userId: number) =>
  trackBusy(call('directThread', { body: { user_id: userId } }));

/**
 * POST /pms/group, then the group picture when one was chosen (a failed picture keeps the group); the new
 * group's preview goes to the top of the list at once, as GET /pms/previews/{id} answers it.
 */
export async function createGroup(
  queryClient: QueryClient,
  body: PmCreateGroupBody,
  image: string | null,
): Promise<number> {
  const { id } = await trackBusy(call('createMessageGroup', { body }));
  if (image) await trackBusy(call('setGroupImage', { params: { id }, body: { image } }));
  await showNewPreview(queryClient, id);
  return id;
}

async function showNewPreview(queryClient: QueryClient, groupId: number): Promise<void> {
  try {
    const preview = await call('messagePreview', { params: { group_id: groupId } });
    queryClient.setQueryData(messageKeys.preview(groupId), preview);
    patchPreviews(queryClient, (previews) => [
      preview,
      ...previews.filter((known) => known.group_id !== groupId),
    ]);
  } catch {
    // The list then loads it with the others.
    void queryClient.invalidateQueries({ queryKey: messageKeys.previews });
  }
}

/* Realtime */

function patchThread(
  queryClient: QueryClient,
  groupId: number,
  change: (messages: PrivateMessage[], pageIndex: number) => PrivateMessage[],
): void {
  queryClient.setQueryData<Thread>(messageKeys.thread(groupId), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page, index) => ({ ...page, messages: change(page.messages, index) })),
        }
      : old,
  );
}

/** A new message goes on the newest page once, whichever of the reply and the event comes first. */
function addMessage(queryClient: QueryClient, message: PrivateMessage): void {
  const known = chronological(queryClient.getQueryData<Thread>(messageKeys.thread(message.group_id)));
  if (known.some((m) => m.pm_id === message.pm_id)) return;
  patchThread(queryClient, message.group_id, (messages, index) =>
    index === 0 ? [message, ...messages] : messages,
  );
}

/** The thread's preview takes the new message and moves to the top (docs/product/messages.md#previews). */
export function previewsWithNewMessage(
  previews: readonly PmPreview[],
  message: PrivateMessage,
  myId: number | null,
): PmPreview[] | null {
  const current = previews.find((preview) => preview.group_id === message.group_id);
  if (!current) return null;
  const text = message.attachments.length > 0 ? PM_IMAGE_TEXT : message.message;
  const fromOther = message.user_id !== myId;
  const updated: PmPreview = {
    ...current,
    ts: message.ts,
    text,
    message: text,
    prev_screen_name: current.screen_name,
    name: message.name,
    screen_name: message.screen_name,
    attachments: message.attachments,
    unread_count: fromOther ? current.unread_count + 1 : current.unread_count,
    state: fromOther ? 'unread' : current.state,
  };
  return [updated, ...previews.filter((preview) => preview !== current)];
}

const myIdIn = (queryClient: QueryClient) =>
  queryClient.getQueryData<Profiles | null>(queryKeys.profiles)?.user_profile.user_id ?? null;

/**
 * PM NEW, UPDATE and DELETE: the open thread follows at once, and a new message moves its preview to the
 * top; the caller refetches the previews for what an event cannot tell (counts, a thread not listed yet).
 */
export function applyPmEvent(queryClient: QueryClient, event: EventEnvelope<'PM'>): void {
  if (event.subtype === EventSubtype.DELETE) {
    const { group_id, pm_id } = event.data;
    patchThread(queryClient, group_id, (messages) => messages.filter((m) => m.pm_id !== pm_id));
    return;
  }
  const message = event.data;
  if (event.subtype === EventSubtype.UPDATE) {
    patchThread(queryClient, message.group_id, (messages) =>
      messages.map((m) => (m.pm_id === message.pm_id ? message : m)),
    );
    return;
  }
  addMessage(queryClient, message);
  const previews = queryClient.getQueryData<PmPreviewsResponse>(messageKeys.previews)?.previews ?? [];
  const moved = previewsWithNewMessage(previews, message, myIdIn(queryClient));
  if (moved) queryClient.setQueryData<PmPreviewsResponse>(messageKeys.previews, { previews: moved });
}
