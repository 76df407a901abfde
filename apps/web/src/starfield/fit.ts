/**
 * How the field fits the window (issues 13 and 25): one rule, used by placement, by the scale and the pan.
 *
 * Every orbiting star owns a footprint: a circle around its centre that holds its disc and its badge.
 * Placement keeps footprints apart, so no two stars overlap. The field turns, so the badge points every way in
 * turn: a circle is the shape that stays clear at every angle. Name labels sit beside their discs, placed on
 * the screen as the field turns (labels.ts), and are not part of the footprint.
 *
 * The field is then drawn at the spec's size or smaller: its discs at the scale at which the outermost
 * footprint lies inside the window's width and height, its places spread further on the longer axis, up to
 * that axis's own scale. So a tall phone uses its height, and the orbits there are ellipses.
 */
export const FOOTPRINT_PER_RADIUS = 1.5;
/** What stays free between the outermost footprint and the window's edge. */
export const FIELD_EDGE = 8;

/** The radius of the circle a star and its badge keep to. */
export function footprintOf(radius: number): number {
  return radius * FOOTPRINT_PER_RADIUS;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * How the field is drawn: discs (and the own star, badges) at `size` times the spec's size, a star's place at
 * `x` and `y` times its spec position along each axis. `size` is the smaller of the two, so stretching the
 * places along the longer axis only ever moves stars further apart, at every angle of the turn.
 */
export interface FieldFit {
  size: number;
  x: number;
  y: number;
}

const axisScale = (reach: number, length: number) =>
  Math.max(0, Math.min(1, (length / 2 - FIELD_EDGE) / reach));

/** The field's fit: never larger than the spec, shrunk on each axis only as far as that axis needs. */
export function fieldFit(reach: number, viewport: Size): FieldFit {
  const x = axisScale(reach, viewport.width);
  const y = axisScale(reach, viewport.height);
  return { size: Math.min(x, y), x, y };
}
