import { STARFIELD } from '@orbit/contract';
import { clamp01, easeInOut, type Point } from './geometry';

/** A press becomes a drag once it has moved beyond the threshold (docs/product/home-and-stars.md#home-view: 3); below it, it is a tap. */
export function beyondThreshold(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) > STARFIELD.dragThreshold;
}

/**
 * How far the field may be panned each way: until its outermost star's edge, at the field's drawn reach along
 * each axis (fit.ts), reaches the window's edge. A field wider than the window pans until that edge comes in;
 * one that fits until it goes out.
 */
export function panBounds(reach: Point, viewport: { width: number; height: number }): Point {
  return {
    x: Math.abs(reach.x - viewport.width / 2),
    y: Math.abs(reach.y - viewport.height / 2),
  };
}

const within = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));

export function clampPan(offset: Point, bounds: Point): Point {
  return { x: within(offset.x, bounds.x), y: within(offset.y, bounds.y) };
}

/**
 * The pan `sinceReleaseMs` after the drag ended: it stays for the rebound delay (2000 ms), then springs
 * back to the centre over the rebound duration (1000 ms).
 */
export function reboundOffset(released: Point, sinceReleaseMs: number): Point {
  const t = clamp01((sinceReleaseMs - STARFIELD.reboundDelayMs) / STARFIELD.reboundDurationMs);
  const left = 1 - easeInOut(t);
  return { x: released.x * left, y: released.y * left };
}

export function reboundDone(sinceReleaseMs: number): boolean {
  return sinceReleaseMs >= STARFIELD.reboundDelayMs + STARFIELD.reboundDurationMs;
}
