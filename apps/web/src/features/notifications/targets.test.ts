import { type Notification, NotificationType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { inWindow, notificationTarget, showsAccept } from './targets';

const notification = (type: number, extra: Partial<Notification> = {}): Notification => ({
  notification_id: 1,
  title: 'title',
  body: '',
  read: false,
  create_time: new Date().toISOString(),
  image_url: null,
  color: null,
  source: 'sam',
  community_id: null,
  type,
  data: {},
  ...extra,
});

describe('opening a notification by type (docs/product/realtime.md#notifications-list)', () => {
  it('opens a thread, a member, a community, the own star or the moments list', () => {
    expect(
      notificationTarget(notification(NotificationType.PRIVATE_MESSAGE, { data: { group_id: 7 } })),
    ).toEqual({
      kind: 'thread',
      groupId: 7,
      title: 'sam',
    });
    expect(notificationTarget(notification(NotificationType.FRIEND_STAR, { data: { user_id: 3 } }))).toEqual({
      kind: 'user',
      userId: 3,
      name: 'sam',
    });
    expect(
      notificationTarget(notification(NotificationType.COMMUNITY_STAR, { community_id: 4 })),
    ).toMatchObject({
      kind: 'community',
      communityId: 4,
    });
    expect(notificationTarget(notification(NotificationType.ME_STAR)).kind).toBe('ownStar');
    expect(notificationTarget(notification(NotificationType.FRIENDLY_CHALLENGE)).kind).toBe('moments');
  });

  it('opens the call of a call start, and nothing for sessions until rooms exist', () => {
    expect(notificationTarget(notification(NotificationType.SESSION)).kind).toBe('none');
    expect(
      notificationTarget(notification(NotificationType.CALL_START, { source: 'Ada', data: { call_id: 5 } })),
    ).toEqual({ kind: 'call', callId: 5, title: 'Ada' });
    // A missed call opens its call too, which says it has ended.
    expect(
      notificationTarget(notification(NotificationType.CALL_END, { source: 'Ada', data: { call_id: 5 } })),
    ).toEqual({ kind: 'call', callId: 5, title: 'Ada' });
  });

  it('shows ACCEPT on an available challenge only', () => {
    const available = { data: { challenge_status: 'AVAILABLE' } };
    expect(showsAccept(notification(NotificationType.FRIENDLY_CHALLENGE, available))).toBe(true);
    expect(
      showsAccept(
        notification(NotificationType.FRIENDLY_CHALLENGE, { data: { challenge_status: 'ACCEPTED' } }),
      ),
    ).toBe(false);
    expect(showsAccept(notification(NotificationType.COMMENTS, available))).toBe(false);
  });
});

describe('the quiet-hours digest (decision 0047)', () => {
  const window = { from: '2026-11-25T22:00:00.000Z', until: '2026-11-26T07:00:00.000Z' };

  it('opens the notifications of its window', () => {
    const digest = notification(NotificationType.QUIET_DIGEST, {
      data: { quiet_from: window.from, quiet_until: window.until, quiet_counts: [] },
    });
    expect(notificationTarget(digest)).toEqual({ kind: 'quietWindow', ...window });
  });

  it('keeps those that arrived while the member rested, not the digest, not the ones before or after', () => {
    const at = (iso: string, type: number = NotificationType.PRIVATE_MESSAGE) =>
      notification(type, { create_time: iso });
    const during = at('2026-11-26T01:30:00.000Z');
    const list = [
      at('2026-11-25T21:59:59.000Z'),
      during,
      at('2026-11-26T07:00:00.000Z', NotificationType.QUIET_DIGEST),
      at('2026-11-26T08:00:00.000Z'),
    ];
    expect(inWindow(list, window)).toEqual([during]);
  });
});

describe('a reminder (decision 0054)', () => {
  it('opens the mood picker or the activity logging it asks for', () => {
    const reminder = (kind: 'mood' | 'activity') =>
      notificationTarget(notification(NotificationType.REMINDER, { data: { reminder: kind } }));
    expect(reminder('mood')).toEqual({ kind: 'reminder', reminder: 'mood' });
    expect(reminder('activity')).toEqual({ kind: 'reminder', reminder: 'activity' });
  });
});
