import { STARFIELD } from '@orbit/contract';
import { BADGE_SIZE, type StarDisplay } from '../../starfield/display';
import type { FieldFit, Size } from '../../starfield/fit';
import type { Disc, Point } from '../../starfield/geometry';
import {
  type LabelledStar,
  type LabelSpot,
  labelMaxEm,
  placeLabels,
  type Rect,
} from '../../starfield/labels';

/** The own star's mood face sits on its disc's edge at the bottom right, reaching this many radii out. */
const OWN_REACH_PER_RADIUS = 1.6;

/** A star as the loop has just drawn it: its element, what it shows, its centre relative to the field's. */
export interface DrawnStar {
  key: string;
  element: HTMLElement;
  display: StarDisplay;
  at: Point;
}

function badgeOf(star: LabelledStar, fit: FieldFit): Disc {
  const out = star.r * Math.SQRT1_2;
  return { x: star.x + out, y: star.y - out, r: (BADGE_SIZE * fit.size) / 2 };
}

/** The window, in the field's coordinates (its centre at the window's centre, moved by the pan). */
function windowBounds(pan: Point): Rect {
  const halfW = window.innerWidth / 2;
  const halfH = window.innerHeight / 2;
  return { left: -halfW - pan.x, right: halfW - pan.x, top: -halfH - pan.y, bottom: halfH - pan.y };
}

interface Measured extends Size {
  wrapped?: Size;
  short?: Size;
  cut: boolean;
}

/** The label's size with one of its layout attributes set (each read lays the page out). */
function sizeWith(label: HTMLElement, attribute: 'data-wrap' | 'data-short'): Size & { fits: boolean } {
  label.toggleAttribute(attribute, true);
  const size = { width: label.offsetWidth, height: label.offsetHeight };
  const fits = label.scrollWidth <= label.clientWidth;
  label.toggleAttribute(attribute, false);
  return { ...size, fits };
}

/**
 * A label's size on one line (and whether the name is cut there) and, when its name has several words, on two
 * lines (`data-wrap`), kept only when the name fits them whole, and cut shorter (`data-short`), the last resort
 * of a hemmed-in label. Read once per label and star set: each read lays the page out.
 */
function measure(label: HTMLElement): Measured {
  const wrap = label.hasAttribute('data-wrap');
  const short = label.hasAttribute('data-short');
  label.toggleAttribute('data-wrap', false);
  label.toggleAttribute('data-short', false);
  const cut = label.scrollWidth > label.clientWidth;
  const oneLine = { width: label.offsetWidth, height: label.offsetHeight, cut };
  const { fits, ...wrapped } = sizeWith(label, 'data-wrap');
  const { width, height } = sizeWith(label, 'data-short');
  const shortened = { width, height };
  label.toggleAttribute('data-wrap', wrap);
  label.toggleAttribute('data-short', short);
  const several = /\s/.test(label.textContent?.trim() ?? '');
  const twoLines = several && fits && wrapped.height <= oneLine.height * 2.2;
  return {
    ...oneLine,
    ...(twoLines && (cut || wrapped.width < oneLine.width) ? { wrapped } : {}),
    ...(shortened.width < oneLine.width ? { short: shortened } : {}),
  };
}

const transformOf = (spot: LabelSpot) =>
  `translate(calc(${Math.round(spot.x)}px + ${spot.shiftX * 100}%), calc(${Math.round(spot.y)}px + ${spot.shiftY * 100}%))`;

/**
 * The loop's side of the labels (starfield/labels.ts): on each orbit tick it places every label on a free
 * side of its star and writes the label's transform when its side changed. A label's size is read once (and
 * again when the star set or the fonts change), never while its star is hovered or focused, when it shows the
 * whole name on purpose.
 */
export function createLabelLayout() {
  const labels = new WeakMap<HTMLElement, HTMLElement | null>();
  let sizes = new WeakMap<HTMLElement, Measured>();
  let spots = new Map<string, LabelSpot>();
  const written = new WeakMap<HTMLElement, string>();
  /** The widest a label may be follows the window's width (a stylesheet media query): a change lays out anew. */
  let maxEm = 0;

  const labelOf = (element: HTMLElement) => {
    if (!labels.has(element)) labels.set(element, element.querySelector<HTMLElement>('[data-star-label]'));
    return labels.get(element) ?? null;
  };
  const sizeOf = (element: HTMLElement, label: HTMLElement): Measured | undefined => {
    const known = sizes.get(label);
    if (known || element.matches(':hover, :focus-visible')) return known;
    const size = measure(label);
    sizes.set(label, size);
    return size;
  };

  return {
    remeasure() {
      sizes = new WeakMap();
    },
    update(drawn: readonly DrawnStar[], fit: FieldFit, pan: Point) {
      if (labelMaxEm(window.innerWidth) !== maxEm) {
        maxEm = labelMaxEm(window.innerWidth);
        sizes = new WeakMap();
        // Sides chosen for the other width (two lines on a phone) are not kept on this one.
        spots = new Map();
      }
      const stars: LabelledStar[] = [];
      const badges: Disc[] = [];
      const byKey = new Map<string, HTMLElement>();
      for (const { key, element, display, at } of drawn) {
        const label = labelOf(element);
        const size = label && sizeOf(element, label);
        if (!label || !size) continue;
        byKey.set(key, label);
        const star = { key, x: at.x, y: at.y, r: display.radius * fit.size, ...size };
        stars.push(star);
        if (display.badge > 0) badges.push(badgeOf(star, fit));
      }
      const own: Disc = { x: 0, y: 0, r: STARFIELD.radius.own * fit.size * OWN_REACH_PER_RADIUS };
      spots = placeLabels({ stars, obstacles: [own, ...badges], bounds: windowBounds(pan) }, spots);
      for (const [key, spot] of spots) {
        const label = byKey.get(key);
        const transform = transformOf(spot);
        const state = `${transform} ${spot.wrapped} ${spot.short}`;
        if (!label || written.get(label) === state) continue;
        written.set(label, state);
        label.style.transform = transform;
        label.toggleAttribute('data-wrap', spot.wrapped);
        label.toggleAttribute('data-short', spot.short);
      }
    },
  };
}
