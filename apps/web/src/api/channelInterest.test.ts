// @vitest-environment jsdom
import { WATCHED_CHANNELS_MAX } from '@orbit/contract';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenToInterest, useChannelInterest, watchedChannels } from './channelInterest';

let changes: (readonly number[])[];
let unwatched: number[];
let stop: () => void;

beforeEach(() => {
  changes = [];
  unwatched = [];
  stop = listenToInterest({
    changed: (watching) => changes.push(watching),
    unwatched: (communityId) => unwatched.push(communityId),
  });
});
afterEach(() => {
  cleanup();
  stop();
});

/** The listener hears after the commit's microtasks. */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const screenOf = (communityId: number | null) =>
  renderHook(({ id }) => useChannelInterest(id), { initialProps: { id: communityId } });

describe('channel interest (decision 0084)', () => {
  it('watches a community while one of its screens is mounted, and says when none is', async () => {
    const feed = screenOf(7);
    const lessons = screenOf(7);
    await settled();
    expect(changes).toEqual([[7]]);

    feed.unmount();
    await settled();
    expect(changes).toEqual([[7]]);
    lessons.unmount();
    await settled();
    expect(changes).toEqual([[7], []]);
    expect(unwatched).toEqual([7]);
  });

  it('is no change when a screen gives way to another of the same community in one commit', async () => {
    const screen = screenOf(4);
    await settled();
    screen.rerender({ id: 4 });
    const next = screenOf(4);
    screen.unmount();
    await settled();
    expect(changes).toEqual([[4]]);
    expect(unwatched).toEqual([]);
    next.unmount();
  });

  it('moves to the community a screen shows next, in ascending order, and ignores none', async () => {
    const other = screenOf(9);
    const screen = screenOf(null);
    await settled();
    screen.rerender({ id: 2 });
    await settled();
    expect(changes).toEqual([[9], [2, 9]]);
    screen.rerender({ id: 5 });
    await settled();
    expect(changes.at(-1)).toEqual([5, 9]);
    expect(unwatched).toEqual([2]);
    other.unmount();
    screen.unmount();
  });

  it('watches at most the server limit, the newest screens first', async () => {
    const screens = Array.from({ length: WATCHED_CHANNELS_MAX + 2 }, (_, n) => screenOf(n + 1));
    await settled();
    expect(watchedChannels()).toHaveLength(WATCHED_CHANNELS_MAX);
    expect(watchedChannels()).not.toContain(1);
    for (const screen of screens) screen.unmount();
  });
});
