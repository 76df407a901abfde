import type { Disc } from './geometry';

/**
 * Star name labels (issue 25, decision 0039): every orbiting star shows its name beside its disc, upright,
 * in one of a few sizes tied to the star's size, never below 12 px whatever the field's scale. A name wider
 * than LABEL_MAX_EM ends in an ellipsis; hovering or focusing the star shows it whole.
 */
export const LABEL_FONT_PX: Readonly<Record<number, number>> = { 1: 12, 2: 13, 3: 14 };
/**
 * The widest a label is drawn, in its own em (12 px text: 144 px, 14 px: 168 px; about 18 to 20 characters),
 * past which the name is cut with "…".
 */
export const LABEL_MAX_EM = 12;
/**
 * On a window narrower than NARROW_WINDOW_PX (a phone) a label is at most 8 em on one line (96 px at 12 px,
 * about 12 characters): a longer name takes two lines of whole words when they fit, else ends in "…" there.
 * Thirty full names 12 em wide do not find room beside their stars on a 360 px screen at every moment of the
 * turn; 8 em ones do (decision 0039).
 */
export const LABEL_MAX_EM_NARROW = 8;
export const NARROW_WINDOW_PX = 600;

export function labelMaxEm(windowWidth: number): number {
  return windowWidth < NARROW_WINDOW_PX ? LABEL_MAX_EM_NARROW : LABEL_MAX_EM;
}
/** Free space between a label and its own disc, and kept around other labels, discs and the window's edge. */
export const LABEL_GAP = 3;

export function labelFontPx(size: number): number {
  return LABEL_FONT_PX[Math.min(3, Math.max(1, size))] ?? LABEL_FONT_PX[1]!;
}

/**
 * Where a label sits, as an anchor point relative to the star's centre and the share of the label's own
 * width and height it is shifted by from there: a label grows away from its star (when hovered, say).
 */
export interface LabelSpot {
  side: Side;
  /** Whether the name is set on two lines (LABEL_WRAP_EM wide), for a long name hemmed in on one. */
  wrapped: boolean;
  /** Whether the name is cut shorter (LABEL_SHORT_EM), for a label that found no free spot at its width. */
  short: boolean;
  x: number;
  y: number;
  shiftX: 0 | -0.5 | -1;
  shiftY: 0 | -0.5 | -1;
}

type NearSide =
  | 'below'
  | 'right'
  | 'left'
  | 'above'
  | 'belowRight'
  | 'belowLeft'
  | 'aboveRight'
  | 'aboveLeft'
  | 'underRight'
  | 'underLeft'
  | 'overRight'
  | 'overLeft'
  | 'rightHigh'
  | 'rightLow'
  | 'leftHigh'
  | 'leftLow';
/**
 * In order of preference: under the star, as most name tags are; then beside it; then above; then at a
 * corner; last, slid along a side so that it starts (or ends) at the star's centre line.
 */
const NEAR_SIDES: readonly NearSide[] = [
  'below',
  'right',
  'left',
  'above',
  'belowRight',
  'belowLeft',
  'aboveRight',
  'aboveLeft',
  'underRight',
  'underLeft',
  'overRight',
  'overLeft',
  'rightHigh',
  'rightLow',
  'leftHigh',
  'leftLow',
];
/** A side one step further out (LABEL_FAR): still the star's label, for a star hemmed in close around. */
export type Side = NearSide | `${NearSide}Far`;
export const SIDES: readonly Side[] = [...NEAR_SIDES, ...NEAR_SIDES.map((side) => `${side}Far` as const)];
/** How much further out a far side sits. */
export const LABEL_FAR = 8;
/** A long name hemmed in on one line may take two lines this wide (its own em), whole words each. */
export const LABEL_WRAP_EM = 9;

/**
 * A name of several words as the two lines it takes when hemmed in: split at the space that makes the longer
 * line shortest ("Night Owls" / "Book Club"); null for a single word.
 */
export function twoLinesOf(name: string): [string, string] | null {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return null;
  let best: [string, string] | null = null;
  for (let at = 1; at < words.length; at++) {
    const lines: [string, string] = [words.slice(0, at).join(' '), words.slice(at).join(' ')];
    if (!best || Math.max(...lines.map((l) => l.length)) < Math.max(...best.map((l) => l.length)))
      best = lines;
  }
  return best;
}
/**
 * A label that finds no free spot on one line or two, at the moments a turning field crowds it, is cut to this
 * width (its own em: six or seven characters and "…") rather than laid over a neighbour; it grows back as soon
 * as the room is there again, and the whole name shows on hover and focus as always.
 */
export const LABEL_SHORT_EM = 5;

const DIAGONAL = Math.SQRT1_2;

export function spotOf(side: Side, r: number): LabelSpot {
  const far = side.endsWith('Far');
  const near = (far ? side.slice(0, -3) : side) as NearSide;
  const spot = nearSpotOf(near, r + (far ? LABEL_FAR : 0));
  return { ...spot, side, wrapped: false, short: false };
}

function nearSpotOf(side: NearSide, r: number): Omit<LabelSpot, 'wrapped' | 'short'> {
  const out = r + LABEL_GAP;
  const corner = r * DIAGONAL + LABEL_GAP * DIAGONAL;
  switch (side) {
    case 'below':
      return { side, x: 0, y: out, shiftX: -0.5, shiftY: 0 };
    case 'above':
      return { side, x: 0, y: -out, shiftX: -0.5, shiftY: -1 };
    case 'right':
      return { side, x: out, y: 0, shiftX: 0, shiftY: -0.5 };
    case 'left':
      return { side, x: -out, y: 0, shiftX: -1, shiftY: -0.5 };
    case 'belowRight':
      return { side, x: corner, y: corner, shiftX: 0, shiftY: 0 };
    case 'belowLeft':
      return { side, x: -corner, y: corner, shiftX: -1, shiftY: 0 };
    case 'aboveRight':
      return { side, x: corner, y: -corner, shiftX: 0, shiftY: -1 };
    case 'aboveLeft':
      return { side, x: -corner, y: -corner, shiftX: -1, shiftY: -1 };
    case 'underRight':
      return { side, x: 0, y: out, shiftX: 0, shiftY: 0 };
    case 'underLeft':
      return { side, x: 0, y: out, shiftX: -1, shiftY: 0 };
    case 'overRight':
      return { side, x: 0, y: -out, shiftX: 0, shiftY: -1 };
    case 'overLeft':
      return { side, x: 0, y: -out, shiftX: -1, shiftY: -1 };
    case 'rightHigh':
      return { side, x: out, y: 0, shiftX: 0, shiftY: -1 };
    case 'rightLow':
      return { side, x: out, y: 0, shiftX: 0, shiftY: 0 };
    case 'leftHigh':
      return { side, x: -out, y: 0, shiftX: -1, shiftY: -1 };
    case 'leftLow':
      return { side, x: -out, y: 0, shiftX: -1, shiftY: 0 };
  }
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A star whose label is to be placed: its drawn disc (centre relative to the field's centre), its label's size
 * on one line and, for a name of several words that fits two lines, its size on two.
 */
export interface LabelledStar extends Disc {
  key: string;
  width: number;
  height: number;
  wrapped?: { width: number; height: number };
  /** Its size cut to LABEL_SHORT_EM, for a name wider than that. */
  short?: { width: number; height: number };
  /** Whether the name is cut with "…" on one line: then two lines of whole words, when they fit, come first. */
  cut?: boolean;
}

export function labelRect(star: LabelledStar, spot: LabelSpot): Rect {
  const { width, height } = (spot.wrapped && star.wrapped) || (spot.short && star.short) || star;
  const left = star.x + spot.x + spot.shiftX * width;
  const top = star.y + spot.y + spot.shiftY * height;
  return { left, top, right: left + width, bottom: top + height };
}

function rectOverlap(a: Rect, b: Rect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left) + LABEL_GAP;
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + LABEL_GAP;
  return w > 0 && h > 0 ? w * h : 0;
}

/** How far a disc reaches into the rectangle (with the gap), weighted like an area so costs add up. */
function discOverlap(rect: Rect, disc: Disc): number {
  const nearX = Math.max(rect.left, Math.min(disc.x, rect.right));
  const nearY = Math.max(rect.top, Math.min(disc.y, rect.bottom));
  const into = disc.r + LABEL_GAP - Math.hypot(disc.x - nearX, disc.y - nearY);
  return into > 0 ? into * (2 * disc.r) : 0;
}

/** How much of the rectangle lies outside the bounds (the window, the gap in from its edge). */
function outside(rect: Rect, bounds: Rect): number {
  const w = rect.right - rect.left;
  const h = rect.bottom - rect.top;
  const cutX =
    Math.max(0, bounds.left + LABEL_GAP - rect.left) + Math.max(0, rect.right - bounds.right + LABEL_GAP);
  const cutY =
    Math.max(0, bounds.top + LABEL_GAP - rect.top) + Math.max(0, rect.bottom - bounds.bottom + LABEL_GAP);
  return cutX * h + cutY * w;
}

export interface LabelScene {
  stars: readonly LabelledStar[];
  /** Discs no label may cover beyond the stars' own: the own star, badges. */
  obstacles: readonly Disc[];
  bounds: Rect;
}

/** A label over a disc or out of the window is worse than two labels touching: it weighs this much more. */
const HARD_WEIGHT = 1000;

function costOf(rect: Rect, owner: LabelledStar, scene: LabelScene, labels: Iterable<Rect>): number {
  let cost = outside(rect, scene.bounds) * HARD_WEIGHT;
  for (const disc of scene.stars) if (disc !== owner) cost += discOverlap(rect, disc) * HARD_WEIGHT;
  for (const disc of scene.obstacles) cost += discOverlap(rect, disc) * HARD_WEIGHT;
  for (const other of labels) cost += rectOverlap(rect, other);
  return cost;
}

interface Choice {
  spot: LabelSpot;
  rect: Rect;
  cost: number;
}

/**
 * Every spot a star's label may take, in order: each side on one line, then on two lines; on two lines first
 * when one line cuts the name and two show it whole.
 */
function spotsFor(star: LabelledStar, first: LabelSpot | undefined): LabelSpot[] {
  const oneLine = SIDES.map((side) => spotOf(side, star.r));
  const twoLines = star.wrapped ? oneLine.map((spot) => ({ ...spot, wrapped: true })) : [];
  const all = star.cut ? [...twoLines, ...oneLine] : [...oneLine, ...twoLines];
  // A cut name's one-line spot is not kept over two lines that show it whole.
  const keep = first && !(star.cut && star.wrapped && !first.wrapped) ? first : undefined;
  const same = (spot: LabelSpot) => keep && spot.side === keep.side && spot.wrapped === keep.wrapped;
  return keep ? [...all.filter(same), ...all.filter((spot) => !same(spot))] : all;
}

/** The star's cheapest spot against the labels given, trying the one it had (`first`) before the others. */
function cheapestSide(
  star: LabelledStar,
  scene: LabelScene,
  labels: Iterable<Rect>,
  first?: LabelSpot,
): Choice {
  return cheapestOf(spotsFor(star, first), star, scene, labels);
}

function cheapestOf(
  spots: readonly LabelSpot[],
  star: LabelledStar,
  scene: LabelScene,
  labels: Iterable<Rect>,
): Choice {
  let best: Choice | null = null;
  for (const spot of spots) {
    const rect = labelRect(star, spot);
    const cost = costOf(rect, star, scene, labels);
    if (!best || cost < best.cost) best = { spot, rect, cost };
    if (cost === 0) break;
  }
  return best as Choice;
}

/** Every other label's rectangle as chosen so far. */
const othersThan = (chosen: ReadonlyMap<string, Choice>, key: string) =>
  [...chosen].filter(([other]) => other !== key).map(([, choice]) => choice.rect);

const bySize = (a: LabelledStar, b: LabelledStar) => b.width - a.width || (a.key < b.key ? -1 : 1);
const REPAIR_ROUNDS = 6;

/**
 * When the greedy pass left labels crowded, each star in turn moves its label to its cheapest side against all
 * the others as they now are, until a round changes nothing: a crowded label takes a neighbour's side when
 * that neighbour has another free one, which the neighbour then moves to.
 */
function repair(scene: LabelScene, ordered: readonly LabelledStar[], chosen: Map<string, Choice>): void {
  for (let round = 0; round < REPAIR_ROUNDS; round++) {
    let moved = false;
    for (const star of ordered) {
      const current = chosen.get(star.key) as Choice;
      const others = othersThan(chosen, star.key);
      const now = { ...current, cost: costOf(current.rect, star, scene, others) };
      if (now.cost === 0) continue;
      const better = cheapestSide(star, scene, others, current.spot);
      if (better.cost < now.cost) {
        chosen.set(star.key, better);
        moved = true;
      }
    }
    if (!moved) return;
  }
}

/**
 * The last resort for labels still crowded after the repair: each takes its cheapest side cut to
 * LABEL_SHORT_EM when that crowds it less, and the repair runs again, since the room a shorter label leaves
 * may free a neighbour's own side; until a round changes nothing.
 */
function shorten(scene: LabelScene, ordered: readonly LabelledStar[], chosen: Map<string, Choice>): void {
  for (let round = 0; round < REPAIR_ROUNDS; round++) {
    let moved = false;
    for (const star of ordered) {
      const current = chosen.get(star.key) as Choice;
      const others = othersThan(chosen, star.key);
      const cost = costOf(current.rect, star, scene, others);
      if (cost === 0 || !star.short || current.spot.short) continue;
      const shortSpots = [star.r, star.r + LABEL_FAR].flatMap((r) =>
        SIDES.map((side) => ({ ...spotOf(side, r), short: true })),
      );
      const better = cheapestOf(shortSpots, star, scene, others);
      if (better.cost < cost) {
        chosen.set(star.key, better);
        moved = true;
      }
    }
    if (!moved) return;
    repair(scene, ordered, chosen);
  }
}

/**
 * A side for every star's label, in a greedy pass, biggest stars first: the side it had when that is still
 * free, else the first free one of SIDES on one line, then on two lines, else the one that costs least. Free
 * means clear of every disc and
 * badge, of the labels placed before and of the window's edge, by LABEL_GAP. When some label found no free
 * side, a few rounds of repair follow. Keeping a free side keeps labels still while the field turns; they
 * move only when a neighbour comes too close.
 */
export function placeLabels(
  scene: LabelScene,
  previous: ReadonlyMap<string, LabelSpot>,
): Map<string, LabelSpot> {
  const ordered = [...scene.stars].sort(bySize);
  const chosen = new Map<string, Choice>();
  let crowded = false;
  for (const star of ordered) {
    const labels = [...chosen.values()].map((choice) => choice.rect);
    const choice = cheapestSide(star, scene, labels, previous.get(star.key));
    if (choice.cost > 0) crowded = true;
    chosen.set(star.key, choice);
  }
  if (crowded) {
    repair(scene, ordered, chosen);
    shorten(scene, ordered, chosen);
  }
  return new Map([...chosen].map(([key, choice]) => [key, choice.spot]));
}
