import {
  EventSubtype,
  EventType,
  type FeedPost,
  type Report,
  ReportStatus,
  type ReportsResponse,
  type SessionPost,
  type SessionPosts,
} from '@orbit/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '../test/events';
import { makeStar } from '../test/stars';
import { usePopupStore } from '../ui/popup';
import { type FeedPage, feedKeys, upsertPost } from './feeds';
import { queryKeys } from './keys';
import { lessonKeys, onChatPost } from './lessons';
import {
  createHandlerContext,
  handleRealtimeEvent,
  INVALIDATE_THROTTLE_MS,
  PROFILES_REFETCH_INTERVAL_MS,
} from './realtimeHandlers';
import { reportKeys } from './reportEvents';
import { socialKeys } from './social';
import type { Profiles } from './types';

const profilesChanged = () => envelope(EventType.USER_PROFILES, null, { user_id: 1 });
const friendFace = {
  user_id: 4,
  name: 'Sam Lee',
  screen_name: 'sam.lee',
  avatar_image: 'av1',
  image_url: null,
};

/** A handler context on fake timers, and the spy that sees its refetches. */
function withFakeTimers() {
  vi.useFakeTimers();
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  return { queryClient, invalidate, context: createHandlerContext(queryClient) };
}

describe('realtime handlers', () => {
  afterEach(() => vi.useRealTimers());

  it('refetches the profiles on USER_PROFILES, once per burst', () => {
    const { invalidate, context } = withFakeTimers();
    handleRealtimeEvent(context, profilesChanged());
    handleRealtimeEvent(context, profilesChanged());
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(INVALIDATE_THROTTLE_MS);
    expect(invalidate).toHaveBeenCalledOnce();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.profiles });
  });

  it('refetches the profiles at most once a second, however many USER_PROFILES come', () => {
    const { invalidate, context } = withFakeTimers();
    handleRealtimeEvent(context, profilesChanged());
    vi.advanceTimersByTime(INVALIDATE_THROTTLE_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i += 1) {
      handleRealtimeEvent(context, profilesChanged());
      vi.advanceTimersByTime(100);
    }
    // 500 ms after the first refetch: the burst waits until a second one is due, a second after the first.
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PROFILES_REFETCH_INTERVAL_MS - 501);
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5 * PROFILES_REFETCH_INTERVAL_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it("puts a friend's new mood on their stars without refetching the star set", () => {
    const { queryClient, invalidate, context } = withFakeTimers();
    const friend = makeStar('1', { user_id: 4, gojimoji: { mood: 1, tags: [] } });
    const other = makeStar('2', { user_id: 5, gojimoji: { mood: 2, tags: [] } });
    const home = { stars: [friend, other], last_stars: [friend, other] } as unknown as Profiles;
    queryClient.setQueryData(queryKeys.profiles, home);
    const gojimoji = { mood: 5, tags: ['calm'] };
    handleRealtimeEvent(context, envelope(EventType.USER_PROFILES, null, { user_id: 4, gojimoji }));
    vi.advanceTimersByTime(PROFILES_REFETCH_INTERVAL_MS);
    expect(invalidate).not.toHaveBeenCalled();
    const after = queryClient.getQueryData<Profiles>(queryKeys.profiles);
    expect(after?.stars.map((s) => s.gojimoji)).toEqual([gojimoji, other.gojimoji]);
    expect(after?.last_stars[0].gojimoji).toEqual(gojimoji);
  });

  it('refetches the star set for a mood when there is none cached to put it on', () => {
    const { invalidate, context } = withFakeTimers();
    const gojimoji = { mood: 5, tags: [] };
    handleRealtimeEvent(context, envelope(EventType.USER_PROFILES, null, { user_id: 4, gojimoji }));
    vi.advanceTimersByTime(INVALIDATE_THROTTLE_MS);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.profiles });
  });

  it('refetches the requests, the profiles of others and the star set on FRIEND_REQUEST', () => {
    const { invalidate, context } = withFakeTimers();
    const sent = { ...friendFace, message: null, modified_time: '2026-01-01T00:00:00.000Z' };
    handleRealtimeEvent(context, envelope(EventType.FRIEND_REQUEST, EventSubtype.SENT, sent));
    handleRealtimeEvent(context, envelope(EventType.FRIEND_REQUEST, EventSubtype.ACCEPT, friendFace));
    handleRealtimeEvent(context, envelope(EventType.FRIEND_REQUEST, EventSubtype.REJECT, { user_id: 4 }));
    vi.advanceTimersByTime(INVALIDATE_THROTTLE_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: socialKeys.root });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.profiles });
  });

  it('puts a new report in the open lists it belongs in, once, and takes a settled or erased one out, without a refetch', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.fn();
    const context = { queryClient, invalidate };
    const report = (report_id: number, community_id: number | null, status: number = ReportStatus.OPEN) =>
      ({ report_id, community_id, status, reporter_name: 'sam' }) as Report;
    const reportsIn = (key: readonly unknown[]) =>
      queryClient.getQueryData<ReportsResponse>(key)?.reports.map((r) => r.report_id);
    queryClient.setQueryData<ReportsResponse>(reportKeys.admin, { reports: [report(4, 7)] });
    queryClient.setQueryData<ReportsResponse>(reportKeys.community(7), { reports: [report(4, 7)] });
    queryClient.setQueryData<ReportsResponse>(reportKeys.community(8), { reports: [] });

    const fresh = envelope(EventType.REPORT, EventSubtype.NEW, report(9, 7));
    handleRealtimeEvent(context, fresh);
    handleRealtimeEvent(context, fresh);
    handleRealtimeEvent(context, envelope(EventType.REPORT, EventSubtype.NEW, report(6, null)));
    await vi.dynamicImportSettled();
    expect(reportsIn(reportKeys.admin)).toEqual([9, 6, 4]);
    expect(reportsIn(reportKeys.community(7))).toEqual([9, 4]);
    expect(reportsIn(reportKeys.community(8))).toEqual([]);
    // A list not loaded (an expert's community not opened) is not made up from events.
    expect(queryClient.getQueryData(reportKeys.community(5))).toBeUndefined();

    handleRealtimeEvent(
      context,
      envelope(EventType.REPORT, EventSubtype.UPDATE, report(9, 7, ReportStatus.DISMISSED)),
    );
    handleRealtimeEvent(
      context,
      envelope(EventType.REPORT, EventSubtype.UPDATE, report(6, null, ReportStatus.REMOVED)),
    );
    await vi.dynamicImportSettled();
    expect(reportsIn(reportKeys.admin)).toEqual([4]);
    expect(reportsIn(reportKeys.community(7))).toEqual([4]);

    // A report gone with the erased member it named leaves every list it was in.
    handleRealtimeEvent(
      context,
      envelope(EventType.REPORT, EventSubtype.DELETE, { report_id: 4, community_id: 7 }),
    );
    await vi.dynamicImportSettled();
    expect(reportsIn(reportKeys.admin)).toEqual([]);
    expect(reportsIn(reportKeys.community(7))).toEqual([]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('puts a CHAT post in the open chat once and tells the room, whichever of reply and event comes first', () => {
    const queryClient = new QueryClient();
    const post: SessionPost = {
      id: 7,
      session_id: 3,
      author_screen_name: 'Sam',
      author_image: null,
      identity_type: 3,
      message: 'Breathe in',
      is_expert: false,
      me: false,
      created: '2026-01-01T00:00:00.000Z',
    };
    queryClient.setQueryData<SessionPosts>(lessonKeys.posts(3), { posts: [] });
    const heard: SessionPost[] = [];
    const stop = onChatPost((p) => heard.push(p));
    const chat = envelope(EventType.CHAT, EventSubtype.NEW, post);
    const context = createHandlerContext(queryClient);
    handleRealtimeEvent(context, chat);
    handleRealtimeEvent(context, chat);
    // Missed while offline: the list takes it, but a toast (and its beep) is for what happens now.
    const missed = { ...post, id: 10, message: 'Earlier' };
    handleRealtimeEvent(context, { ...chat, data: missed }, true);
    stop();
    expect(queryClient.getQueryData<SessionPosts>(lessonKeys.posts(3))?.posts).toEqual([post, missed]);
    expect(heard).toEqual([post, post]);
  });

  it('keeps a created post once when its COMMUNITY_POST arrives, live or replayed, and refetches nothing', () => {
    const { queryClient, invalidate, context } = withFakeTimers();
    const scope = { kind: 'community', id: 7 } as const;
    const created = { id: 2, community_id: 7, owner_user_id: null } as FeedPost;
    queryClient.setQueryData(feedKeys.feed(scope), {
      pages: [{ posts: [], older_key: null }],
      pageParams: [null],
    });
    upsertPost(queryClient, created);
    const event = envelope(EventType.COMMUNITY_POST, EventSubtype.NEW, created, 40);
    handleRealtimeEvent(context, event);
    handleRealtimeEvent(context, event, true);
    vi.advanceTimersByTime(PROFILES_REFETCH_INTERVAL_MS);
    const pages = queryClient.getQueryData<{ pages: FeedPage[] }>(feedKeys.feed(scope))?.pages;
    expect(pages?.[0]?.posts.map((item) => item.id)).toEqual([2]);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('shows a MAINTENANCE_NOTIFICATION at once, its title and text as written', () => {
    const data = { title: 'Planned upgrade', body: 'Orbit pauses at 22:00 for ten minutes' };
    handleRealtimeEvent(
      createHandlerContext(new QueryClient()),
      envelope(EventType.MAINTENANCE_NOTIFICATION, EventSubtype.NEW, data),
    );
    expect(usePopupStore.getState().current).toMatchObject({ title: data.title, message: data.body });
    usePopupStore.getState().close();
  });

  it('ignores event types no feature handles', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    // A type a newer server sends and this app does not know yet.
    const unknown = { ...profilesChanged(), type: 'SOMETHING_NEW' } as never;
    handleRealtimeEvent(createHandlerContext(queryClient), unknown);
    vi.advanceTimersByTime(INVALIDATE_THROTTLE_MS);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
