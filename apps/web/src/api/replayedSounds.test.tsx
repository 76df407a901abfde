// @vitest-environment jsdom
import {
  type CallInvite,
  EventSubtype,
  EventType,
  type Notification,
  NotificationType,
} from '@orbit/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IncomingCall } from '../features/calls/IncomingCall';
import { envelope } from '../test/events';
import { SocketServer, send } from '../test/socketServer';
import { SOUND_FILES } from '../ui/sounds';
import { queryKeys } from './keys';
import { RealtimeClient, useRealtimeStatus } from './realtime';
import { createHandlerContext, handleRealtimeEvent } from './realtimeHandlers';

/** Every sound the app plays goes through an Audio element's play(): what is heard, in order. */
function heard() {
  // jsdom plays nothing: a ringing popup that goes stops its sound with pause(), which it lacks.
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  return vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
}
const soundOf = (play: ReturnType<typeof heard>, n: number) =>
  (play.mock.contexts[n] as HTMLAudioElement).src;

const notificationEvent = (id: number) =>
  envelope(
    EventType.NOTIFICATION,
    EventSubtype.NEW,
    {
      notification: {
        notification_id: id,
        type: NotificationType.COMMENTS,
        data: { post_id: 1 },
      } as Notification,
      unreadCount: id,
    },
    id,
  );

const invite = (callId: number): CallInvite => ({
  name: 'Sam',
  image_url: null,
  call_id: callId,
  caller_id: 2,
  community_id: null,
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('sounds of realtime events', () => {
  it('a notification replayed on a resume is silent; the live ones before and after it sound', async () => {
    const play = heard();
    const server = new SocketServer();
    const context = createHandlerContext(new QueryClient());
    // The app's own wiring (app/RealtimeBridge.tsx): the client says which events are replays.
    const client = new RealtimeClient(
      { onEvent: (event, replay) => handleRealtimeEvent(context, event, replay), onStale: () => undefined },
      async () => server.address,
    );
    try {
      client.start();
      const first = await server.arrival(0);
      send(first, { type: 'POSITIONS', personal: 5, channels: {} });
      send(first, notificationEvent(6));
      await expect.poll(() => play.mock.calls.length).toBe(1);
      first.socket.terminate();

      const second = await server.arrival(1);
      // The resume's ping: until its pong, what arrives was missed while offline.
      expect(JSON.parse(second.received[0] ?? (await second.nextMessage()))).toEqual({ type: 'ping' });
      send(second, notificationEvent(7));
      send(second, { type: 'pong' });
      send(second, notificationEvent(8));
      await expect.poll(() => useRealtimeStatus.getState().state.lastId).toBe(8);
      expect(play).toHaveBeenCalledTimes(2);
      expect(soundOf(play, 1)).toContain(SOUND_FILES.general);
    } finally {
      client.stop();
      await server.close();
    }
  });

  it('an incoming call replayed on a resume shows without ringing; a live one rings', () => {
    const play = heard();
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    queryClient.setQueryData(queryKeys.profiles, null);
    const context = createHandlerContext(queryClient);
    render(
      <QueryClientProvider client={queryClient}>
        <IncomingCall />
      </QueryClientProvider>,
    );

    act(() =>
      handleRealtimeEvent(context, envelope(EventType.CALL, EventSubtype.INVITE, invite(1), 1), true),
    );
    expect(screen.getByRole('alertdialog', { name: 'Sam' })).toBeTruthy();
    expect(play).not.toHaveBeenCalled();
    act(() => handleRealtimeEvent(context, envelope(EventType.CALL, EventSubtype.END, { call_id: 1 }, 2)));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    act(() => handleRealtimeEvent(context, envelope(EventType.CALL, EventSubtype.INVITE, invite(2), 3)));
    expect(screen.getByRole('alertdialog', { name: 'Sam' })).toBeTruthy();
    expect(play).toHaveBeenCalledOnce();
    expect(soundOf(play, 0)).toContain(SOUND_FILES.incomingCall);
  });
});
