import { CALL_MEDIA } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import {
  adaptToLoss,
  adaptToMemory,
  afterParticipantsChange,
  clampPage,
  defaultPinned,
  lossPercent,
  pagesOf,
  pin,
  randomCallColor,
  toggleLayout,
} from './layout';

describe('grid pages of four', () => {
  it('adds a page past each multiple of four and removes it when the count falls back', () => {
    expect(pagesOf([1, 2, 3, 4])).toEqual([[1, 2, 3, 4]]);
    expect(pagesOf([1, 2, 3, 4, 5])).toEqual([[1, 2, 3, 4], [5]]);
    expect(pagesOf([1, 2, 3, 4, 5, 6, 7, 8, 9]).length).toBe(3);
    expect(pagesOf([])).toEqual([[]]);
    expect(clampPage(1, 1)).toBe(0);
  });
});

describe('speaker layout and pinning', () => {
  it('pins the second participant by default, and a pinned one leaving returns to grid', () => {
    expect(defaultPinned([7, 8, 9])).toBe(8);
    expect(defaultPinned([7])).toBeNull();
    const speaker = toggleLayout({ layout: 'grid', pinned: null }, [7, 8, 9]);
    expect(speaker).toEqual({ layout: 'speaker', pinned: 8 });
    expect(toggleLayout(speaker, [7, 8, 9]).layout).toBe('grid');
    expect(pin(9)).toEqual({ layout: 'speaker', pinned: 9 });
    expect(afterParticipantsChange(pin(9), [7, 8])).toEqual({ layout: 'grid', pinned: null });
    expect(afterParticipantsChange(pin(9), [7, 9])).toEqual(pin(9));
  });
});

describe('network and memory adaptation', () => {
  const [high, mid, low] = CALL_MEDIA.bitrates;
  it('steps down above 3% loss and back up below 1% only after 15 s', () => {
    let state = { step: 0, changedAt: 0 };
    state = adaptToLoss(state, 3.5, 1000);
    expect(CALL_MEDIA.bitrates[state.step]).toBe(mid);
    state = adaptToLoss(state, 5, 2000);
    expect(CALL_MEDIA.bitrates[state.step]).toBe(low);
    expect(adaptToLoss(state, 10, 3000).step).toBe(2);
    expect(adaptToLoss(state, 0.5, 2000 + 14_999).step).toBe(2);
    expect(adaptToLoss(state, 0.5, 2000 + 15_000).step).toBe(1);
    expect(adaptToLoss(state, 2, 60_000).step).toBe(2);
    expect(high).toBe(256000);
  });

  it('lowers the bitrate above 80% memory and turns video off at the lowest', () => {
    expect(adaptToMemory({ step: 0, changedAt: 0 }, 0.8, 1)).toEqual({
      state: { step: 0, changedAt: 0 },
      videoOff: false,
    });
    expect(adaptToMemory({ step: 0, changedAt: 0 }, 0.81, 1).state.step).toBe(1);
    expect(adaptToMemory({ step: 2, changedAt: 0 }, 0.9, 1).videoOff).toBe(true);
  });

  it('measures loss between two readings', () => {
    expect(lossPercent({ sent: 100, lost: 0 }, { sent: 196, lost: 4 })).toBe(4);
    expect(lossPercent({ sent: 100, lost: 0 }, { sent: 100, lost: 0 })).toBe(0);
  });
});

describe('popup faces', () => {
  it('picks one of three colours', () => {
    expect(CALL_MEDIA.popupColors).toContain(randomCallColor(() => 0.99));
    expect(randomCallColor(() => 0)).toBe(CALL_MEDIA.popupColors[0]);
  });
});
