import {
  type CallInvite,
  type CallMediaBody,
  type CallMemberEvent,
  type CallStartBody,
  type EventEnvelope,
  EventSubtype,
  type PrivateCallSession,
} from '@orbit/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from './client';

/** Query keys of calls. */
export const callKeys = {
  root: ['calls'] as const,
  session: (callId: number) => ['calls', 'session', callId] as const,
};

// Call requests show no busy indicator (docs/product/calls-and-lessons.md#lesson-posts): the call screen says where it is itself.

/** POST /call/start: a community call, or attendees (plus the thread as call group), with my room session. */
export const startCall = (body: CallStartBody) => call('startCall', { body });
export const leaveCall = (callId: number) => call('leaveCall', { params: { id: callId } });
export const rejectCall = (callId: number) => call('rejectCall', { params: { id: callId } });
export const sendCallMedia = (callId: number, body: CallMediaBody) =>
  call('callMedia', { params: { id: callId }, body });

/**
 * GET /private-call/{id}: the room, its pin and the ICE servers; fetched once per call screen, unless the
 * screen opens with the session POST /call/start answered (then only the events refetch it).
 */
export const fetchCallSession = (callId: number) => call('privateCall', { params: { id: callId } });

/** Who is in the call changed (one joined, left or declined): the call's session is fetched again. */
export function useRefreshCallSession(callId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: callKeys.session(callId) }),
    [queryClient, callId],
  );
}

export function useCallSession(callId: number, initial?: PrivateCallSession) {
  return useQuery({
    queryKey: callKeys.session(callId),
    queryFn: () => fetchCallSession(callId),
    initialData: initial,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** What a CALL event means to the app: an invite for the popup, or news of a call for its screen. */
export type CallNews =
  /** `replay`: the invite was missed while offline and arrives on a resume, so it shows without ringing. */
  | { kind: 'invite'; invite: CallInvite; replay: boolean }
  | { kind: 'end'; callId: number }
  | { kind: 'member'; subtype: 'ACCEPT' | 'REJECT' | 'UPDATE'; event: CallMemberEvent }
  | { kind: 'start'; callId: number };

export function callNews(event: EventEnvelope<'CALL'>, replay = false): CallNews {
  switch (event.subtype) {
    case EventSubtype.INVITE:
      return { kind: 'invite', invite: event.data, replay };
    case EventSubtype.END:
      return { kind: 'end', callId: event.data.call_id };
    case EventSubtype.START:
      return { kind: 'start', callId: event.data.call_id };
    default:
      return { kind: 'member', subtype: event.subtype, event: event.data };
  }
}

type CallNewsListener = (news: CallNews) => void;
const listeners = new Set<CallNewsListener>();

/** The popup and the open call screen listen to CALL events here. */
export function onCallNews(listener: CallNewsListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The CALL row of the realtime handlers table. */
export function applyCallEvent(event: EventEnvelope<'CALL'>, replay = false): void {
  const news = callNews(event, replay);
  for (const listener of listeners) listener(news);
}
