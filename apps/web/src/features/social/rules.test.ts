import { type FriendRequestEntry, LIMITS, type ProfileStar, StarType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import {
  addTag,
  inactiveStars,
  isPinnable,
  MOOD_ORDER,
  memberStar,
  moodKey,
  neighbour,
  optionalMessage,
  removeTag,
  requestRows,
} from './rules';

const star = (fields: Partial<ProfileStar>): ProfileStar =>
  ({ star_id: '1', star_type: StarType.FRIEND, zone: 1, name: 'x', user_id: null, ...fields }) as ProfileStar;

const entry = (userId: number, time: string): FriendRequestEntry => ({
  user_id: userId,
  name: `M ${userId}`,
  screen_name: `m${userId}`,
  avatar_image: 'av1',
  image_url: null,
  message: null,
  modified_time: time,
});

describe('tags', () => {
  it('ignores blank and duplicate tags, whatever their case or spaces', () => {
    const tags = ['calm'];
    expect(addTag(tags, '   ')).toBe(tags);
    expect(addTag(tags, ' Calm ')).toBe(tags);
    expect(addTag(tags, ' sunny ')).toEqual(['calm', 'sunny']);
  });

  it('refuses a tag over 280 characters and keeps one of exactly 280', () => {
    expect(addTag([], 'a'.repeat(LIMITS.tag + 1))).toEqual([]);
    expect(addTag([], 'a'.repeat(LIMITS.tag))).toEqual(['a'.repeat(LIMITS.tag)]);
  });

  it('removes one tag', () => {
    expect(removeTag(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('optional request message', () => {
  it('treats blank text and the placeholder itself as no message', () => {
    expect(optionalMessage('  ', 'Say hi')).toBeUndefined();
    expect(optionalMessage(' Say hi ', 'Say hi')).toBeUndefined();
    expect(optionalMessage(' hello ', 'Say hi')).toBe('hello');
  });

  it('sends at most 280 characters', () => {
    expect(optionalMessage('m'.repeat(300), '')).toHaveLength(LIMITS.message);
  });
});

describe('moods', () => {
  it('lists the five moods as the picker shows them', () => {
    expect(MOOD_ORDER.map(moodKey)).toEqual(['mood.5', 'mood.1', 'mood.2', 'mood.3', 'mood.4']);
  });
});

describe('requests picker', () => {
  const requests = {
    incoming: { 2: entry(2, '2026-01-02T00:00:00.000Z') },
    outgoing: { 3: entry(3, '2026-01-03T00:00:00.000Z') },
  };

  it('shows incoming and outgoing newest first under all and friend requests', () => {
    for (const filter of ['all', 'friend'] as const) {
      expect(requestRows(requests, filter).map((row) => [row.direction, row.entry.user_id])).toEqual([
        ['outgoing', 3],
        ['incoming', 2],
      ]);
    }
  });

  it('shows only outgoing requests as pending approval, and no community requests yet', () => {
    expect(requestRows(requests, 'pendingApproval').map((row) => row.entry.user_id)).toEqual([3]);
    expect(requestRows(requests, 'community')).toEqual([]);
  });
});

describe('inactive view', () => {
  const stars = [
    star({ name: 'b', zone: 4 }),
    star({ name: 'A', zone: 5, star_type: StarType.PENDING_FRIEND }),
    star({ name: 'orbiting', zone: 3 }),
    star({ name: 'game', zone: 4, star_type: StarType.GAME }),
    star({ name: 'club', zone: 4, star_type: StarType.COMMUNITY_SYSTEM }),
  ];

  it('lists only stars of zone 4 and beyond, by page, sorted by name', () => {
    expect(inactiveStars(stars, 'friends').map((s) => s.name)).toEqual(['A', 'b']);
    expect(inactiveStars(stars, 'games').map((s) => s.name)).toEqual(['game']);
    expect(inactiveStars(stars, 'communities').map((s) => s.name)).toEqual(['club']);
    expect(inactiveStars(stars, 'activities')).toEqual([]);
  });
});

describe('member star', () => {
  it("finds the member's friend or pending-friend star; only a numeric id can be pinned", () => {
    const stars = [star({ user_id: 7, star_type: StarType.ME }), star({ user_id: 7, star_id: '12' })];
    expect(memberStar(stars, 7)?.star_id).toBe('12');
    expect(memberStar(stars, 8)).toBeNull();
    expect(isPinnable(star({ star_id: '12' }))).toBe(true);
    expect(isPinnable(star({ star_id: '5:7' }))).toBe(false);
    expect(isPinnable(null)).toBe(false);
  });
});

describe('swipe', () => {
  it('moves to the neighbouring state and stops at either end', () => {
    const order = ['a', 'b', 'c'];
    expect(neighbour(order, 'a', -1)).toBe('b');
    expect(neighbour(order, 'b', 1)).toBe('a');
    expect(neighbour(order, 'a', 1)).toBe('a');
    expect(neighbour(order, 'c', -1)).toBe('c');
    expect(neighbour(order, 'b', 0)).toBe('b');
  });
});
