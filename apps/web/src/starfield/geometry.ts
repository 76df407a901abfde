/** A point of the field in polar form around the own star: angle in radians, distance in CSS pixels. */
export interface Polar {
  distance: number;
  angle: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Disc extends Point {
  r: number;
}

export const TAU = Math.PI * 2;

export function toPoint({ distance, angle }: Polar): Point {
  return { x: distance * Math.cos(angle), y: distance * Math.sin(angle) };
}

/** How far two discs reach into each other once `gap` must stay between them; 0 when they keep clear. */
export function intrusion(a: Disc, b: Disc, gap: number): number {
  return Math.max(0, a.r + b.r + gap - Math.hypot(a.x - b.x, a.y - b.y));
}

/** The angle normalised to [-π, π), so that an interpolation takes the short way round. */
export function wrapAngle(angle: number): number {
  return ((((angle + Math.PI) % TAU) + TAU) % TAU) - Math.PI;
}

export const easeInOut = (t: number): number => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

export const clamp01 = (t: number): number => Math.min(1, Math.max(0, t));
