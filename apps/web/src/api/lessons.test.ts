import {
  type ActivityLogged,
  type ChatSession,
  EventSubtype,
  EventType,
  type SessionActivity,
  SessionMicState,
  type SessionPost,
  type SessionPosts,
} from '@orbit/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { envelope } from '../test/events';
import { applyLessonEvent, lessonKeys, onSessionActivity } from './lessons';

const { SESSION_ACTIVITY } = EventType;
const post = (id: number) => ({ id, session_id: 7, message: `post ${id}` }) as SessionPost;

describe('SESSION_ACTIVITY for live sessions', () => {
  it('adds a lesson post to the open chat once, whether the reply or the event came first', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<SessionPosts>(lessonKeys.posts(7), { posts: [post(1)] });
    const invalidated: unknown[] = [];
    const event = envelope(SESSION_ACTIVITY, EventSubtype.NEW, {
      kind: 'post',
      session_id: 7,
      post: post(2),
    });
    applyLessonEvent(queryClient, (key) => invalidated.push(key), event);
    applyLessonEvent(queryClient, (key) => invalidated.push(key), event);
    expect(queryClient.getQueryData<SessionPosts>(lessonKeys.posts(7))?.posts.map((p) => p.id)).toEqual([
      1, 2,
    ]);
  });

  it('refreshes the lists and the room when a lesson changes, and tells the open room of my mic', () => {
    const queryClient = new QueryClient();
    const invalidated: unknown[] = [];
    const heard: SessionActivity[] = [];
    const stop = onSessionActivity((activity) => heard.push(activity));
    const lesson = { id: 7, community_id: 3 } as ChatSession;
    const changed = envelope(SESSION_ACTIVITY, EventSubtype.UPDATE, { kind: 'session', session: lesson });
    applyLessonEvent(queryClient, (key) => invalidated.push(key), changed);
    expect(invalidated).toEqual([lessonKeys.list(3), lessonKeys.live(3), lessonKeys.room(7)]);
    const gotMic = { kind: 'mic', session_id: 7, mic: SessionMicState.GRANTED } as const;
    applyLessonEvent(queryClient, () => {}, envelope(SESSION_ACTIVITY, EventSubtype.UPDATE, gotMic));
    stop();
    const kicked = envelope(SESSION_ACTIVITY, EventSubtype.DELETE, { kind: 'kicked', session_id: 7 });
    applyLessonEvent(queryClient, () => {}, kicked);
    expect(heard.map((a) => a.kind)).toEqual(['session', 'mic']);
  });

  it('tells the open room that a mic granted while offline is a replay, so it opens without its sound', () => {
    const queryClient = new QueryClient();
    const heard: { kind: string; replay: boolean }[] = [];
    const stop = onSessionActivity((activity, replay) => heard.push({ kind: activity.kind, replay }));
    const gotMic = envelope(SESSION_ACTIVITY, EventSubtype.UPDATE, {
      kind: 'mic',
      session_id: 7,
      mic: SessionMicState.GRANTED,
    });
    applyLessonEvent(queryClient, () => {}, gotMic, true);
    applyLessonEvent(queryClient, () => {}, gotMic);
    stop();
    expect(heard).toEqual([
      { kind: 'mic', replay: true },
      { kind: 'mic', replay: false },
    ]);
  });

  it('leaves an activity session event (the activities feature shares the type) alone', () => {
    const queryClient = new QueryClient();
    const invalidated: unknown[] = [];
    const logged = { kind: 'activity', id: 4, duration_ms: 1 } as ActivityLogged;
    applyLessonEvent(
      queryClient,
      (key) => invalidated.push(key),
      envelope(SESSION_ACTIVITY, EventSubtype.NEW, logged),
    );
    expect(invalidated).toEqual([]);
  });
});
