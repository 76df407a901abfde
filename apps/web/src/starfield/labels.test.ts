import { describe, expect, it } from 'vitest';
import { radiusOf } from './display';
import { fieldFit } from './fit';
import { TAU } from './geometry';
import {
  LABEL_GAP,
  LABEL_MAX_EM,
  LABEL_WRAP_EM,
  type LabelledStar,
  type LabelScene,
  labelFontPx,
  labelRect,
  placeLabels,
  type Rect,
  spotOf,
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

/** The names of the demo member's stars (apps/server/src/db/seed). */
const DEMO_NAMES = [
  'Moments',
  'Spring Madness',
  'Trail Blazers',
  'Sofia',
  'Saturday runners',
  'Surveys',
  'Requests',
  'Liam',
  'hiking',
  'Kenji',
  'Jamal',
  'Priya',
  'Wei',
  'Marcus',
  'swimming',
  'Mindful Minutes',
  'OliviaStretch',
  'Sunrise Walkers',
  'Tomás',
  'Amara',
  'Inner Circle',
  'Grace',
  'incentive',
  'Elena',
  'Night Owls Book Club',
  'yoga',
  'Tournament',
  'Aisha',
  'Noah',
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
function problemsOf(scene: LabelScene): string[] {
  const spots = placeLabels(scene, new Map());
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

/** A label on two lines: the name's words split in half, when each half fits LABEL_WRAP_EM. */
function twoLinesOf(name: string, fontPx: number) {
  const words = name.split(' ');
  if (words.length < 2) return {};
  const half = Math.ceil(words.length / 2);
  const longest = Math.max(words.slice(0, half).join(' ').length, words.slice(half).join(' ').length);
  const width = textWidth(longest, fontPx);
  return width <= LABEL_WRAP_EM * fontPx ? { wrapped: { width, height: fontPx * 2.4 } } : {};
}

/** The demo's stars placed with `seed`, and drawn as a 360x740 phone draws them at each turn given. */
function demoScenes(seed: number, rotations: readonly number[]): LabelScene[] {
  const set: PlaceableStar[] = DEMO_NAMES.map((_, i) => ({
    key: `s${i}`,
    zone: i % 4,
    radius: radiusOf((i % 3) + 1),
  }));
  const placements = placeStars(set, { random: seededRandom(seed) });
  const fit = fieldFit(fieldReach(placements.values()), { width: 360, height: 740 });
  const own = { x: 0, y: 0, r: 28 * fit.size * 1.6 };
  const bounds = { left: -180, top: -370, right: 180, bottom: 370 };
  return rotations.map((rotation) => {
    const stars = set.map(({ key, radius }, i) => {
      const at = orbitPoint(placements.get(key)!, rotation);
      const fontPx = labelFontPx((i % 3) + 1);
      const name = DEMO_NAMES[i]!;
      const width = Math.min(LABEL_MAX_EM * fontPx, textWidth(name.length, fontPx));
      const r = radius * fit.size;
      return {
        key,
        x: at.x * fit.x,
        y: at.y * fit.y,
        r,
        width,
        height: fontPx * 1.25,
        ...twoLinesOf(name, fontPx),
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

  it("keeps the demo member's 29 labels off every disc and inside a 360x740 phone as the field turns", () => {
    // 9 placements of the demo's names (sizes and zones dealt in turn), each at 4 moments of the turn. What is
    // left, rarely, is two labels touching where a long name has no free side: decision 0039 says so.
    const touching: string[] = [];
    const turns = [0, 0.2, 0.45, 0.7].map((share) => share * TAU);
    for (let seed = 1; seed <= 9; seed++) {
      for (const [turn, scene] of demoScenes(seed, turns).entries()) {
        const problems = problemsOf(scene);
        expect(problems.filter((problem) => !problem.includes('over label'))).toEqual([]);
        if (problems.length > 0) touching.push(`${seed}@${turn}: ${problems.join(', ')}`);
      }
    }
    expect(touching.length, touching.join('; ')).toBeLessThanOrEqual(2);
  }, 30_000);

  it('draws names in a few sizes tied to the star, never below 12 px', () => {
    expect([1, 2, 3].map(labelFontPx)).toEqual([12, 13, 14]);
    expect(labelFontPx(0)).toBe(12);
  });
});
