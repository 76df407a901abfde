import { EventType, PROFILES_REFRESH_INTERVAL_MS } from '@orbit/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfilesCoalescer } from './coalesce';
import { type Frame, frameFor, sharedRest } from './envelope';

const event = (seq: number, type: string, data: object) =>
  frameFor(seq, sharedRest({ type, subtype: null, ts: '2026-11-26T00:00:00.000Z', data }));
const refresh = (seq: number, data: object) => event(seq, EventType.USER_PROFILES, data);
const read = (frames: Frame[]) => frames.map((frame) => JSON.parse(String(frame.bytes)));

describe('USER_PROFILES refreshes on one socket', () => {
  let due: Frame[];
  let coalescer: ProfilesCoalescer;
  beforeEach(() => {
    vi.useFakeTimers();
    due = [];
    coalescer = new ProfilesCoalescer((frame) => due.push(frame));
  });
  afterEach(() => {
    coalescer.stop();
    vi.useRealTimers();
  });

  it('writes the first at once and merges the rest of its second into one, written when it is up', () => {
    expect(read(coalescer.admit(refresh(1, { user_id: 9 })))).toMatchObject([{ id: 1 }]);
    expect(coalescer.admit(refresh(2, { community_id: 4 }))).toEqual([]);
    expect(coalescer.admit(refresh(3, { organization_id: 5 }))).toEqual([]);
    vi.advanceTimersByTime(PROFILES_REFRESH_INTERVAL_MS - 1);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(read(due)).toEqual([
      expect.objectContaining({ id: 3, data: { community_id: 4, organization_id: 5 } }),
    ]);
  });

  it('writes a held refresh right before any other frame, so the stream stays in order', () => {
    coalescer.admit(refresh(1, { user_id: 9 }));
    coalescer.admit(refresh(2, { community_id: 4 }));
    const written = coalescer.admit(event(3, EventType.FRIEND_REQUEST, { user_id: 7 }));
    expect(read(written).map((e) => e.id)).toEqual([2, 3]);
    vi.advanceTimersByTime(PROFILES_REFRESH_INTERVAL_MS);
    expect(due).toEqual([]);
  });

  it('never holds a mood delta: the client applies each without a refetch', () => {
    coalescer.admit(refresh(1, { user_id: 9 }));
    const delta = refresh(2, { user_id: 8, gojimoji: { mood: 3, tags: [] } });
    expect(coalescer.admit(delta)).toEqual([delta]);
  });

  it('writes a refresh at once when the last one is a second old', () => {
    coalescer.admit(refresh(1, { user_id: 9 }));
    vi.advanceTimersByTime(PROFILES_REFRESH_INTERVAL_MS);
    expect(read(coalescer.admit(refresh(2, { user_id: 9 })))).toMatchObject([{ id: 2 }]);
  });
});
