import { STARFIELD } from '@orbit/contract';

/** Swipes are horizontal moves far or fast enough (docs/product/home-and-stars.md#home-view: speed threshold 0.2 px/ms, drag threshold 3). */
export const SWIPE = {
  minDistance: 48,
  speedThreshold: 0.2,
  dragThreshold: STARFIELD.dragThreshold,
} as const;

/** -1 for a swipe to the left (next), 1 to the right (previous), 0 for no swipe. */
export function swipeDirection(dx: number, dy: number, elapsedMs: number): -1 | 0 | 1 {
  const distance = Math.abs(dx);
  if (distance <= SWIPE.dragThreshold || distance < Math.abs(dy)) return 0;
  const fast = distance / Math.max(elapsedMs, 1) >= SWIPE.speedThreshold;
  if (distance < SWIPE.minDistance && !fast) return 0;
  return dx < 0 ? -1 : 1;
}
