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
