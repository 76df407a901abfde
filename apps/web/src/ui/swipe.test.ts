import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe';

describe('swipe', () => {
  it('needs a horizontal move that is long or fast enough', () => {
    expect(swipeDirection(-80, 10, 600)).toBe(-1);
    expect(swipeDirection(80, 10, 600)).toBe(1);
    expect(swipeDirection(-30, 0, 50)).toBe(-1);
    expect(swipeDirection(-30, 0, 600)).toBe(0);
    expect(swipeDirection(-3, 0, 1)).toBe(0);
    expect(swipeDirection(-80, 120, 100)).toBe(0);
  });
});
