import { STARFIELD } from '@orbit/contract';

/**
 * How the field fits the window (issue 13): one rule, used by placement, by the scale and by the name label.
 *
 * Every orbiting star owns a footprint: a circle around its centre that holds its disc, its badge and its name
 * label. Placement keeps footprints apart, so no two stars and no two labels overlap. The field turns, so the
 * label (always upright) and the badge point every way in turn: a circle is the shape that stays clear at every
 * angle. The whole field is then scaled down, never up, until the outermost footprint lies inside the circle
 * the window holds, and so inside the window whichever way the field has turned.
 */
export const FOOTPRINT_PER_RADIUS = 1.5;
/** The name label is the widest box the footprint holds at this half width; the height is what remains. */
const LABEL_HALF_WIDTH_PER_RADIUS = 1.3;
const LABEL_HALF_HEIGHT_PER_RADIUS = Math.sqrt(FOOTPRINT_PER_RADIUS ** 2 - LABEL_HALF_WIDTH_PER_RADIUS ** 2);
/** What stays free between the outermost footprint and the window's edge. */
export const FIELD_EDGE = 8;

/** The radius of the circle a star, its badge and its name label keep to. */
export function footprintOf(radius: number): number {
  return radius * FOOTPRINT_PER_RADIUS;
}

export interface Size {
  width: number;
  height: number;
}

/** The box of a star's name label, centred on the star. */
export function labelBox(radius: number): Size {
  return {
    width: 2 * LABEL_HALF_WIDTH_PER_RADIUS * radius,
    height: 2 * LABEL_HALF_HEIGHT_PER_RADIUS * radius,
  };
}

/**
 * How much of the window's size the field is drawn at: 1 when its reach fits the circle the window holds,
 * less when it does not. Positions, radii and labels all scale by it, so footprints still keep apart.
 */
export function fieldScale(reach: number, viewport: Size): number {
  const room = Math.min(viewport.width, viewport.height) / 2 - FIELD_EDGE;
  return Math.max(0, Math.min(1, room / reach));
}

/** Rough width of a character of the label's bold font, as a share of the font size. */
const CHAR_WIDTH_EM = 0.62;
export const LABEL_LINE_HEIGHT = 1.15;
/** The label's padding, in em: this much on either side and this much above and below, together. */
export const LABEL_PADDING_X_EM = 0.4;
export const LABEL_PADDING_Y_EM = 0.1;
const MAX_LINES = 2;
const longestWord = (name: string) => Math.max(1, ...name.split(/\s+/).map((word) => word.length));

export interface NameLayout {
  fontSize: number;
  lines: number;
}

function linesAt(size: number, box: Size): number {
  const lines = Math.floor((box.height - 2 * LABEL_PADDING_Y_EM * size) / (LABEL_LINE_HEIGHT * size));
  return Math.min(MAX_LINES, lines);
}

/**
 * The name label's text size and line count for a star drawn at `radius`: the largest of 16, 12 and 8
 * (000 §9) at which the whole name fits the label box in whole words; else the small size (or, on a star too
 * small for one line of it, the size that gives one line), and the stylesheet ends the name with an
 * ellipsis. A word longer than a line gets a single line, so that it is shortened rather than split.
 */
export function nameLayout(name: string, radius: number): NameLayout {
  const box = labelBox(radius);
  const { large, medium, small } = STARFIELD.fontSize;
  const perLine = (size: number) =>
    Math.floor((box.width - 2 * LABEL_PADDING_X_EM * size) / (size * CHAR_WIDTH_EM));
  for (const fontSize of [large, medium, small]) {
    const lines = linesAt(fontSize, box);
    const fits =
      longestWord(name) <= perLine(fontSize) && Math.ceil(name.length / perLine(fontSize)) <= lines;
    if (lines >= 1 && fits) return { fontSize, lines };
  }
  const smallLines = linesAt(small, box);
  if (smallLines >= 1) return { fontSize: small, lines: longestWord(name) > perLine(small) ? 1 : smallLines };
  const oneLine = box.height / (LABEL_LINE_HEIGHT + 2 * LABEL_PADDING_Y_EM);
  return { fontSize: Math.floor(oneLine * 10) / 10, lines: 1 };
}
