import { describe, expect, it } from 'vitest';
import { radiusOf } from './display';
import { FIELD_EDGE, fieldFit } from './fit';
import { TAU } from './geometry';
import { orbitPoint } from './orbit';
import { fieldReach, type PlaceableStar, type Placement, placeStars } from './placement';
import { seededRandom } from './random';

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** A set like a member's: every zone below 4, all three sizes. */
const starSet = (count: number): PlaceableStar[] =>
  Array.from({ length: count }, (_, i) => ({ key: `s${i}`, zone: i % 4, radius: radiusOf((i % 3) + 1) }));

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const boxAround = (x: number, y: number, width: number, height: number): Box => ({
  left: x - width / 2,
  right: x + width / 2,
  top: y - height / 2,
  bottom: y + height / 2,
});

/** Every star's disc on screen, the field turned by `rotation`, centred in the window. */
function drawn(placements: Placement[], viewport: { width: number; height: number }, rotation: number) {
  const fit = fieldFit(fieldReach(placements), viewport);
  return placements.map((p) => {
    const at = orbitPoint(p, rotation);
    const x = viewport.width / 2 + at.x * fit.x;
    const y = viewport.height / 2 + at.y * fit.y;
    const r = p.radius * fit.size;
    return { x, y, r, disc: boxAround(x, y, 2 * r, 2 * r) };
  });
}

const inside = (box: Box, viewport: { width: number; height: number }) =>
  box.left >= 0 && box.top >= 0 && box.right <= viewport.width && box.bottom <= viewport.height;

describe('the field fits the window', () => {
  const turns = [0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85].map((share) => share * TAU);
  for (const count of [3, 30, 150]) {
    const placements = [...placeStars(starSet(count), { random: seededRandom(count) }).values()];
    for (const viewport of VIEWPORTS) {
      it(`keeps ${count} stars inside ${viewport.width}x${viewport.height}, apart, at every turn`, () => {
        const problems: string[] = [];
        for (const rotation of turns) {
          const stars = drawn(placements, viewport, rotation);
          for (const [i, a] of stars.entries()) {
            if (!inside(a.disc, viewport)) problems.push(`${i} outside`);
            for (const [j, b] of stars.slice(i + 1).entries()) {
              if (Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r)
                problems.push(`${i} and ${i + j + 1} overlap`);
            }
          }
        }
        expect(placements).toHaveLength(count);
        expect(problems).toEqual([]);
      });
    }
  }

  it('never draws the field larger than the spec, and shrinks each axis only as far as it needs', () => {
    expect(fieldFit(200, { width: 1280, height: 800 })).toEqual({ size: 1, x: 1, y: 1 });
    const fit = fieldFit(400, { width: 360, height: 740 });
    expect(400 * fit.x).toBeCloseTo(180 - FIELD_EDGE);
    expect(400 * fit.y).toBeCloseTo(370 - FIELD_EDGE);
    expect(fit.size).toBe(fit.x);
  });

  it("spreads the stars over a tall phone's height, their discs at the width's scale", () => {
    const placements = [...placeStars(starSet(30), { random: seededRandom(30) }).values()];
    const viewport = { width: 390, height: 844 };
    const stars = drawn(placements, viewport, 0);
    const lowest = Math.max(...stars.map((s) => s.disc.bottom));
    const highest = Math.min(...stars.map((s) => s.disc.top));
    expect(lowest - highest).toBeGreaterThan(viewport.height * 0.7);
  });

  it('keeps a few stars at their full size on a laptop screen', () => {
    const placements = placeStars(starSet(6), { random: seededRandom(7) });
    expect(fieldFit(fieldReach(placements.values()), { width: 1280, height: 800 }).size).toBe(1);
  });
});
