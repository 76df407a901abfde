import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelMessage } from './bus';
import { CHANNEL_ORDER_HOLD_MS, ChannelOrder, type GiveUp, logGiveUps } from './channel-order';

const change = (communityId: number, seq: number): ChannelMessage => ({
  kind: 'channel',
  communityId,
  seq,
  groups: [],
});

describe("a channel's changes put back in order before the sockets (decision 0081)", () => {
  let passed: string[];
  let givenUp: GiveUp[];
  let order: ChannelOrder;
  beforeEach(() => {
    vi.useFakeTimers();
    passed = [];
    givenUp = [];
    order = new ChannelOrder(
      (message) => passed.push(`${message.communityId}:${message.seq}`),
      (giveUp) => givenUp.push(giveUp),
    );
  });
  afterEach(() => {
    order.close();
    vi.useRealTimers();
  });

  it('passes changes in sequence at once, and the first of a channel whatever its number', () => {
    for (const seq of [40, 41, 42]) order.admit(change(1, seq));
    order.admit(change(2, 7));
    expect(passed).toEqual(['1:40', '1:41', '1:42', '2:7']);
    expect(order.stats()).toEqual({ held: 0, gaveUp: 0 });
  });

  it('holds a change that skipped one until the missing one comes, then passes both in order', () => {
    order.admit(change(1, 1));
    order.admit(change(1, 3));
    order.admit(change(1, 4));
    // Another channel is not held up by this one's gap.
    order.admit(change(2, 9));
    expect(passed).toEqual(['1:1', '2:9']);
    order.admit(change(1, 2));
    expect(passed).toEqual(['1:1', '2:9', '1:2', '1:3', '1:4']);
    vi.advanceTimersByTime(CHANNEL_ORDER_HOLD_MS * 2);
    expect(passed).toHaveLength(5);
    expect(order.stats()).toEqual({ held: 2, gaveUp: 0 });
  });

  it('gives up on a missing change after the hold, passing what it held in order (the sockets read the gap)', () => {
    order.admit(change(1, 1));
    order.admit(change(1, 5));
    order.admit(change(1, 3));
    vi.advanceTimersByTime(CHANNEL_ORDER_HOLD_MS - 1);
    expect(passed).toEqual(['1:1']);
    vi.advanceTimersByTime(1);
    expect(passed).toEqual(['1:1', '1:3', '1:5']);
    expect(givenUp).toEqual([{ communityId: 1, missing: 2, held: 2 }]);
    // The missing ones, late, still go on (each socket's cursor drops what it already has).
    order.admit(change(1, 2));
    order.admit(change(1, 6));
    expect(passed).toEqual(['1:1', '1:3', '1:5', '1:2', '1:6']);
    expect(order.stats()).toEqual({ held: 2, gaveUp: 1 });
  });

  it('forgets a channel no socket follows, passing what it held, and starts it afresh', () => {
    order.admit(change(1, 1));
    order.admit(change(1, 3));
    order.forget(1);
    expect(passed).toEqual(['1:1', '1:3']);
    order.admit(change(1, 9));
    expect(passed).toEqual(['1:1', '1:3', '1:9']);
    vi.advanceTimersByTime(CHANNEL_ORDER_HOLD_MS * 2);
    expect(order.stats().gaveUp).toBe(0);
    expect(givenUp).toEqual([]);
  });
});

describe('the log line of a hold given up', () => {
  it('writes at most one a second, counting the give-ups since the last line', () => {
    let now = 0;
    const lines: { fields: unknown; message: string }[] = [];
    const report = logGiveUps(
      { warn: (fields: unknown, message: string) => lines.push({ fields, message }) } as never,
      () => now,
    );
    report({ communityId: 1, missing: 2, held: 1 });
    now = 500;
    report({ communityId: 1, missing: 7, held: 3 });
    now = 1000;
    report({ communityId: 4, missing: 9, held: 1 });
    expect(lines.map((line) => line.fields)).toEqual([
      { communityId: 1, missing: 2, held: 1, giveUps: 1 },
      { communityId: 4, missing: 9, held: 1, giveUps: 2 },
    ]);
    expect(lines[0].message).toMatch(/read the gap from the table/);
  });
});
