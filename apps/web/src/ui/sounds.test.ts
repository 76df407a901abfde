// @vitest-environment jsdom
import { EventSubtype, EventType, type Notification, NotificationType } from '@orbit/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandlerContext, handleRealtimeEvent } from '../api/realtimeHandlers';
import { envelope } from '../test/events';
import { useQuietSetting } from './quiet';
import { notificationSound, playSound, SOUND_FILES, useSoundSetting } from './sounds';

describe('sounds', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useSoundSetting.getState().setEnabled(true);
  });

  it('plays the named file, looped on request, and stops it', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const stop = playSound('incomingCall', { loop: true });
    expect(play).toHaveBeenCalledOnce();
    const audio = play.mock.contexts[0] as HTMLAudioElement;
    expect(audio.src).toContain(SOUND_FILES.incomingCall);
    expect(audio.loop).toBe(true);
    stop();
    expect(pause).toHaveBeenCalledOnce();
  });

  it('stays silent once the member turned sounds off, and remembers it on this device', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    useSoundSetting.getState().setEnabled(false);
    playSound('beep');
    expect(play).not.toHaveBeenCalled();
    expect(localStorage.getItem('orbit.sounds')).toBe('off');
  });

  it('stays silent during the quiet hours of the profile, by the clock, and plays again after them', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T23:00:00Z'));
    useQuietSetting.setState({ hours: { start: '22:00', end: '07:00' }, zone: 'UTC' });
    playSound('beep');
    expect(play).not.toHaveBeenCalled();
    vi.setSystemTime(new Date('2026-03-03T07:00:00Z'));
    playSound('beep');
    expect(play).toHaveBeenCalledOnce();
    vi.useRealTimers();
    useQuietSetting.setState({ hours: null, zone: 'UTC' });
  });

  it('does not sound a notification the server marks quiet, though it reaches the list', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const context = createHandlerContext(new QueryClient());
    const notification = { notification_id: 7, type: NotificationType.COMMENTS, data: { post_id: 1 } };
    handleRealtimeEvent(
      context,
      envelope(EventType.NOTIFICATION, EventSubtype.NEW, {
        notification: notification as Notification,
        unreadCount: 1,
        quiet: true,
      }),
    );
    expect(play).not.toHaveBeenCalled();
  });

  it('sounds a new notification as it happens, not one replayed after a reconnect', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    const context = createHandlerContext(new QueryClient());
    const notification = { notification_id: 1, type: NotificationType.COMMENTS, data: { post_id: 1 } };
    const event = (id: number) =>
      envelope(
        EventType.NOTIFICATION,
        EventSubtype.NEW,
        { notification: { ...notification, notification_id: id } as Notification, unreadCount: id },
        id,
      );
    handleRealtimeEvent(context, event(1), true);
    expect(play).not.toHaveBeenCalled();
    handleRealtimeEvent(context, event(2));
    expect(play).toHaveBeenCalledOnce();
    expect((play.mock.contexts[0] as HTMLAudioElement).src).toContain(SOUND_FILES.general);
  });

  it('sounds "tag user" for a tag and "general" for any other new notification', () => {
    const tag = { type: NotificationType.ME_STAR, data: { post_id: 1, tagged_users: ['sam'] } };
    expect(notificationSound(tag)).toBe('tagUser');
    expect(notificationSound({ type: NotificationType.COMMENTS, data: { post_id: 1 } })).toBe('general');
  });
});
