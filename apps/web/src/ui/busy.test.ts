import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSY_NEVER, busyPlan, trackBusy, useBusyStore } from './busy';

const pending = () => useBusyStore.getState().pending;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('busy indicator delay rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    useBusyStore.setState({ pending: 0 });
  });

  it('plans 2000 ms by default, 0 at once, -1 never', () => {
    expect(busyPlan()).toEqual({ kind: 'after', ms: 2000 });
    expect(busyPlan(0)).toEqual({ kind: 'now' });
    expect(busyPlan(BUSY_NEVER)).toEqual({ kind: 'never' });
  });

  it('shows only once a call has run for the default 2000 ms, and hides when it ends', async () => {
    const call = deferred();
    const tracked = trackBusy(call.promise);
    vi.advanceTimersByTime(1999);
    expect(pending()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(pending()).toBe(1);
    call.resolve();
    await tracked;
    expect(pending()).toBe(0);
  });

  it('never shows for a call quicker than the delay', async () => {
    const call = deferred();
    const tracked = trackBusy(call.promise);
    call.resolve();
    await tracked;
    vi.advanceTimersByTime(5000);
    expect(pending()).toBe(0);
  });

  it('shows at once with 0 and never with -1', async () => {
    const now = deferred();
    const shownNow = trackBusy(now.promise, 0);
    expect(pending()).toBe(1);
    now.resolve();
    await shownNow;
    const never = deferred();
    const neverShown = trackBusy(never.promise, BUSY_NEVER);
    vi.advanceTimersByTime(60_000);
    expect(pending()).toBe(0);
    never.resolve();
    await neverShown;
  });

  it('hides after a failing call too', async () => {
    const failing = trackBusy(Promise.reject(new Error('boom')), 0);
    await expect(failing).rejects.toThrow('boom');
    expect(pending()).toBe(0);
  });
});
