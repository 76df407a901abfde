// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveRoomWithThePage, lessonKeys } from './lessons';

afterEach(() => vi.unstubAllGlobals());

const pageEvent = (type: 'pagehide' | 'pageshow', persisted: boolean) =>
  window.dispatchEvent(new PageTransitionEvent(type, { persisted }));

describe('a viewer leaves the lesson room with the tab', () => {
  it('sends the leave as the page goes for good, and enters again when a kept page comes back', () => {
    const sent: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify({ ok: true }));
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(lessonKeys.room(7), { id: 7 });
    const stop = leaveRoomWithThePage(queryClient, 7);

    // Kept in the back-forward cache: the member may come back to the room.
    pageEvent('pagehide', true);
    expect(sent).toEqual([]);
    pageEvent('pagehide', false);
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toMatch(/\/gojitalk\/7\/leave$/);
    expect(sent[0].init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'include' });

    // Back from the cache: the room is fetched again, which enters it again.
    expect(queryClient.getQueryState(lessonKeys.room(7))?.isInvalidated).toBe(false);
    pageEvent('pageshow', true);
    expect(queryClient.getQueryState(lessonKeys.room(7))?.isInvalidated).toBe(true);

    stop();
    pageEvent('pagehide', false);
    expect(sent).toHaveLength(1);
  });
});
