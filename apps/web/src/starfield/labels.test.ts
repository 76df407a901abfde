import { describe, expect, it } from 'vitest';
import { radiusOf } from './display';
import { fieldFit } from './fit';
import { TAU } from './geometry';
import {
  LABEL_GAP,
  LABEL_SHORT_EM,
  LABEL_WRAP_EM,
  type LabelledStar,
  type LabelScene,
  type LabelSpot,
  labelFontPx,
  labelMaxEm,
  labelRect,
  placeLabels,
  type Rect,
  spotOf,
  twoLinesOf,
} from './labels';
import { orbitPoint } from './orbit';
import { fieldReach, type PlaceableStar, placeStars } from './placement';
import { seededRandom } from './random';

const star = (key: string, x: number, y: number, width = 60, r = 14): LabelledStar => ({
  key,
  x,
  y,
  r,
  width,
  height: 17,
});

/**
 * The demo member's stars (apps/server/src/db/seed) as their home draws them: name (friends by their full
 * names, decision 0043), size and zone.
 */
const DEMO_STARS: readonly (readonly [string, number, number])[] = [
  ['Requests', 2, 0],
  ['Marcus Okafor', 3, 0],
  ['Priya Raman', 2, 0],
  ['Tomás Herrera', 2, 0],
  ['Grace Whitfield', 2, 1],
  ['Kenji Watanabe', 1, 2],
  ['Amara Nwosu', 2, 2],
  ["Liam O'Brien", 1, 2],
  ['Sofia Lindqvist', 1, 2],
  ['Jamal Carter', 1, 3],
  ['Elena Petrova', 1, 3],
  ['Noah Bennett', 1, 3],
  ['Aisha Khan', 1, 3],
  ['Wei Zhang', 1, 1],
  ['OliviaStretch', 1, 1],
  ['Sunrise Walkers', 2, 0],
  ['Mindful Minutes', 2, 0],
  ['Spring Madness', 2, 2],
  ['Inner Circle', 3, 0],
  ['Trail Blazers', 1, 3],
  ['Night Owls Book Club', 1, 1],
  ['Saturday runners', 1, 1],
  ['Moments', 1, 3],
  ['hiking', 2, 0],
  ['swimming', 2, 2],
  ['yoga', 2, 2],
  ['surveys', 2, 0],
  ['incentive', 1, 0],
  ['Tournament', 2, 2],
];

const WIDE: Rect = { left: -1000, top: -1000, right: 1000, bottom: 1000 };

const overlap = (a: Rect, b: Rect) =>
  Math.min(a.right, b.right) > Math.max(a.left, b.left) &&
  Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);

const coversDisc = (rect: Rect, disc: { x: number; y: number; r: number }) => {
  const nearX = Math.max(rect.left, Math.min(disc.x, rect.right));
  const nearY = Math.max(rect.top, Math.min(disc.y, rect.bottom));
  return Math.hypot(disc.x - nearX, disc.y - nearY) < disc.r;
};

/** Every way the placed labels break the rules: over each other, over a disc, out of the bounds. */
function problemsOf(scene: LabelScene, previous: ReadonlyMap<string, LabelSpot> = new Map()): string[] {
  const spots = placeLabels(scene, previous);
  const rects = scene.stars.map((s) => ({ star: s, rect: labelRect(s, spots.get(s.key)!) }));
  const problems: string[] = [];
  for (const [i, a] of rects.entries()) {
    const { left, top, right, bottom } = a.rect;
    const { bounds } = scene;
    if (left < bounds.left || top < bounds.top || right > bounds.right || bottom > bounds.bottom) {
      problems.push(`${a.star.key} outside`);
    }
    for (const b of rects.slice(i + 1)) {
      if (overlap(a.rect, b.rect)) problems.push(`${a.star.key} over label ${b.star.key}`);
    }
    for (const disc of [...scene.stars, ...scene.obstacles]) {
      if (disc !== a.star && coversDisc(a.rect, disc))
        problems.push(`${a.star.key} over a disc at ${disc.x},${disc.y}`);
    }
  }
  return problems;
}

/** Rough text widths of the label's bold font: 0.62 em a character, plus the padding. */
const textWidth = (chars: number, fontPx: number) => (chars * 0.62 + 0.9) * fontPx;

/** A label on two lines (the name split by twoLinesOf), when each line fits LABEL_WRAP_EM. */
function wrappedOf(name: string, fontPx: number) {
  const lines = twoLinesOf(name);
  if (!lines) return {};
  const width = textWidth(Math.max(...lines.map((line) => line.length)), fontPx);
  return width <= LABEL_WRAP_EM * fontPx ? { wrapped: { width, height: fontPx * 2.4 } } : {};
}

/** A label wider than LABEL_SHORT_EM, cut to it. */
function shortOf(width: number, fontPx: number) {
  const short = LABEL_SHORT_EM * fontPx;
  return width > short ? { short: { width: short, height: fontPx * 1.25 } } : {};
}

/** The demo's stars placed with `seed`, and drawn as a 360x740 phone draws them at each turn given. */
function demoScenes(seed: number, rotations: readonly number[]): LabelScene[] {
  const set: PlaceableStar[] = DEMO_STARS.map(([, size, zone], i) => ({
    key: `s${i}`,
    zone,
    radius: radiusOf(size),
  }));
  const placements = placeStars(set, { random: seededRandom(seed) });
  const fit = fieldFit(fieldReach(placements.values()), { width: 360, height: 740 });
  const own = { x: 0, y: 0, r: 28 * fit.size * 1.6 };
  const bounds = { left: -180, top: -370, right: 180, bottom: 370 };
  return rotations.map((rotation) => {
    const stars = set.map(({ key, radius }, i) => {
      const at = orbitPoint(placements.get(key)!, rotation);
      const [name, size] = DEMO_STARS[i]!;
      const fontPx = labelFontPx(size);
      const widest = labelMaxEm(360) * fontPx;
      const width = Math.min(widest, textWidth(name.length, fontPx));
      const r = radius * fit.size;
      return {
        key,
        x: at.x * fit.x,
        y: at.y * fit.y,
        r,
        width,
        height: fontPx * 1.25,
        cut: textWidth(name.length, fontPx) > widest,
        ...wrappedOf(name, fontPx),
        ...shortOf(width, fontPx),
      };
    });
    return { stars, obstacles: [own], bounds };
  });
}

describe('star labels', () => {
  it('sits under its star when that side is free, clear of the disc', () => {
    const only = star('a', 0, 0);
    const spot = placeLabels({ stars: [only], obstacles: [], bounds: WIDE }, new Map()).get('a')!;
    expect(spot.side).toBe('below');
    expect(labelRect(only, spot)).toEqual({ left: -30, top: 14 + LABEL_GAP, right: 30, bottom: 34 });
  });

  it('moves off a star below it, and out of the window edge', () => {
    const below = placeLabels(
      { stars: [star('a', 0, 0), star('b', 0, 30, 60, 10)], obstacles: [], bounds: WIDE },
      new Map(),
    );
    expect(below.get('a')!.side).not.toBe('below');
    const edge = { left: -200, top: -200, right: 40, bottom: 25 };
    const cornered = placeLabels({ stars: [star('a', 0, 0)], obstacles: [], bounds: edge }, new Map());
    expect(cornered.get('a')!.side).toBe('left');
  });

  it('keeps the side a label had while it stays free, so labels do not jump as the field turns', () => {
    const spots = placeLabels(
      { stars: [star('a', 0, 0)], obstacles: [], bounds: WIDE },
      new Map([['a', spotOf('above', 14)]]),
    );
    expect(spots.get('a')!.side).toBe('above');
  });

  it('lets a crowded row of stars take turns above and below, never overlapping', () => {
    const row = Array.from({ length: 6 }, (_, i) => star(`s${i}`, i * 40, 0, 64));
    expect(problemsOf({ stars: row, obstacles: [{ x: 100, y: 60, r: 20 }], bounds: WIDE })).toEqual([]);
  });

  it("keeps the demo member's 29 labels clear of each other, every disc and a 360x740 phone's edge all the turn round", () => {
    // 8 placements of the demo's stars, each followed through a whole turn in steps of 4 degrees, each label
    // keeping its side while it stays free as on the screen. A label hemmed in at some moment is cut shorter
    // (LABEL_SHORT_EM) rather than laid over a neighbour; over 24 placements one moment in 2160 is still
    // crowded (decision 0039).
    const failed: string[] = [];
    const steps = Array.from({ length: 90 }, (_, step) => (step / 90) * TAU);
    for (let seed = 1; seed <= 8; seed++) {
      let previous = new Map<string, LabelSpot>();
      for (const [step, scene] of demoScenes(seed, steps).entries()) {
        const problems = problemsOf(scene, previous);
        previous = placeLabels(scene, previous);
        if (problems.length > 0) failed.push(`${seed}@${step * 4}deg: ${problems.join(', ')}`);
      }
    }
    expect(failed.length, failed.join('; ')).toEqual(0);
  }, 60_000);

  it('splits a name of several words where the longer line is shortest', () => {
    expect(twoLinesOf('Night Owls Book Club')).toEqual(['Night Owls', 'Book Club']);
    expect(twoLinesOf('Marcus Okafor')).toEqual(['Marcus', 'Okafor']);
    expect(twoLinesOf('Tomás de la Vega')).toEqual(['Tomás de', 'la Vega']);
    expect(twoLinesOf('OliviaStretch')).toBeNull();
  });

  it('draws names in a few sizes tied to the star, never below 12 px', () => {
    expect([1, 2, 3].map(labelFontPx)).toEqual([12, 13, 14]);
    expect(labelFontPx(0)).toBe(12);
  });
});
