import { STARFIELD } from '@orbit/contract';
import { type Point, type Polar, TAU, toPoint } from './geometry';

const MS_PER_MINUTE = 60_000;

/** How far the whole field has turned after `elapsedMs` at the spec's -0.5 rpm; 0 with reduced motion. */
export function rotationAt(elapsedMs: number, rpm: number = STARFIELD.rpm): number {
  return (rpm * TAU * elapsedMs) / MS_PER_MINUTE;
}

/** A star's centre on screen, relative to the own star, once the field has turned by `rotation`. */
export function orbitPoint(at: Polar, rotation: number): Point {
  return toPoint({ distance: at.distance, angle: at.angle + rotation });
}

/**
 * How often the orbit moves: 30 Hz. At -0.5 rpm a star at the edge of a laptop screen (570 px out) travels a
 * pixel in a tick, one at the corner of a 1280x800 one (755 px) 1.3 px: the stars, drawn in whole pixels,
 * still step a pixel or two at a time, and every other frame of a 60 Hz screen is left with nothing to draw.
 */
export const ORBIT_TICK_MS = 1000 / 30;
/** Frame stamps jitter around the display's period: a tick that falls due this close to a frame is drawn in it. */
const TICK_SLACK_MS = 4;

/** Whether the frame at `now` moves the orbit, the last move having been at `lastTick`. */
export function orbitTickDue(now: number, lastTick: number): boolean {
  return now - lastTick >= ORBIT_TICK_MS - TICK_SLACK_MS;
}
