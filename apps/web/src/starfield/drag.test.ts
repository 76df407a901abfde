import { STARFIELD } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { beyondThreshold, clampPan, panBounds, reboundDone, reboundOffset } from './drag';

describe('dragging the field', () => {
  it('starts a drag only beyond the threshold of 3', () => {
    expect(beyondThreshold(STARFIELD.dragThreshold, 0)).toBe(false);
    expect(beyondThreshold(2, 2)).toBe(false);
    expect(beyondThreshold(STARFIELD.dragThreshold + 0.1, 0)).toBe(true);
    expect(beyondThreshold(0, -4)).toBe(true);
  });

  it('pans within bounds: until the outermost star reaches the edge of the window', () => {
    const bounds = panBounds({ x: 500, y: 500 }, { width: 390, height: 844 });
    expect(bounds).toEqual({ x: 305, y: 78 });
    expect(panBounds({ x: 100, y: 100 }, { width: 390, height: 844 })).toEqual({ x: 95, y: 322 });
    expect(clampPan({ x: 400, y: -100 }, bounds)).toEqual({ x: 305, y: -78 });
    expect(clampPan({ x: -20, y: 10 }, bounds)).toEqual({ x: -20, y: 10 });
    // A field stretched along the height (fit.ts) reaches further that way.
    expect(panBounds({ x: 180, y: 400 }, { width: 390, height: 844 })).toEqual({ x: 15, y: 22 });
  });

  it('springs back to the centre after 2000 ms, over 1000 ms', () => {
    const released = { x: 100, y: -50 };
    expect(reboundOffset(released, 0)).toEqual(released);
    expect(reboundOffset(released, STARFIELD.reboundDelayMs)).toEqual(released);
    const half = reboundOffset(released, STARFIELD.reboundDelayMs + STARFIELD.reboundDurationMs / 2);
    expect(half.x).toBeCloseTo(50);
    expect(half.y).toBeCloseTo(-25);
    const end = reboundOffset(released, STARFIELD.reboundDelayMs + STARFIELD.reboundDurationMs);
    expect(Math.abs(end.x) + Math.abs(end.y)).toBe(0);
    expect(reboundDone(STARFIELD.reboundDelayMs + STARFIELD.reboundDurationMs - 1)).toBe(false);
    expect(reboundDone(STARFIELD.reboundDelayMs + STARFIELD.reboundDurationMs)).toBe(true);
  });
});
