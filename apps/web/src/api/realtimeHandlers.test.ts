import { EventSubtype, EventType } from '@orbit/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from './keys';
import { createHandlerContext, handleRealtimeEvent, INVALIDATE_THROTTLE_MS } from './realtimeHandlers';
import { socialKeys } from './social';

const event = (type: EventType) => ({ id: 1, type, subtype: EventSubtype.UPDATE, ts: '', data: {} });

describe('realtime handlers', () => {
  afterEach(() => vi.useRealTimers());

  it('refetches the profiles on USER_PROFILES, once per burst', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const context = createHandlerContext(queryClient);
    handleRealtimeEvent(context, event(EventType.USER_PROFILES));
    handleRealtimeEvent(context, event(EventType.USER_PROFILES));
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(INVALIDATE_THROTTLE_MS);
    expect(invalidate).toHaveBeenCalledOnce();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.profiles });
  });

  it('refetches the requests, the profiles of others and the star set on FRIEND_REQUEST', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const context = createHandlerContext(queryClient);
    for (const subtype of [EventSubtype.SENT, EventSubtype.ACCEPT, EventSubtype.REJECT]) {
      handleRealtimeEvent(context, { ...event(EventType.FRIEND_REQUEST), subtype });
    }
    vi.advanceTimersByTime(INVALIDATE_THROTTLE_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: socialKeys.root });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.profiles });
  });

  it('ignores event types no feature handles yet', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    handleRealtimeEvent(createHandlerContext(queryClient), event(EventType.CHAT));
    vi.advanceTimersByTime(INVALIDATE_THROTTLE_MS);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
