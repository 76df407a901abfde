import { STARFIELD } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { radiusOf } from './display';
import { FIELD_EDGE, fieldScale, footprintOf, labelBox, nameLayout } from './fit';
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

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every star's disc and label on screen, the field turned by `rotation`, centred in the window. */
function drawn(placements: Placement[], viewport: { width: number; height: number }, rotation: number) {
  const scale = fieldScale(fieldReach(placements), viewport);
  return placements.map((p) => {
    const at = orbitPoint(p, rotation);
    const x = viewport.width / 2 + at.x * scale;
    const y = viewport.height / 2 + at.y * scale;
    const r = p.radius * scale;
    const label = labelBox(r);
    return {
      x,
      y,
      r,
      disc: boxAround(x, y, 2 * r, 2 * r),
      label: boxAround(x, y, label.width, label.height),
    };
  });
}

const inside = (box: Box, viewport: { width: number; height: number }) =>
  box.left >= 0 && box.top >= 0 && box.right <= viewport.width && box.bottom <= viewport.height;

describe('the field fits the window', () => {
  const turns = [0, 0.1, 0.25, 0.4, 0.55, 0.7, 0.85].map((share) => share * TAU);
  for (const count of [3, 30, 150]) {
    const placements = [...placeStars(starSet(count), { random: seededRandom(count) }).values()];
    for (const viewport of VIEWPORTS) {
      it(`keeps ${count} stars and their labels inside ${viewport.width}x${viewport.height}, apart`, () => {
        const problems: string[] = [];
        for (const rotation of turns) {
          const stars = drawn(placements, viewport, rotation);
          for (const [i, a] of stars.entries()) {
            if (!inside(a.disc, viewport) || !inside(a.label, viewport)) problems.push(`${i} outside`);
            for (const [j, b] of stars.slice(i + 1).entries()) {
              if (Math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r)
                problems.push(`${i} and ${i + j + 1} overlap`);
              if (overlaps(a.label, b.label)) problems.push(`labels of ${i} and ${i + j + 1} overlap`);
            }
          }
        }
        expect(placements).toHaveLength(count);
        expect(problems).toEqual([]);
      });
    }
  }

  it('never draws the field larger than the spec, and shrinks it only as far as needed', () => {
    expect(fieldScale(200, { width: 1280, height: 800 })).toBe(1);
    const scale = fieldScale(400, { width: 360, height: 740 });
    expect(400 * scale).toBeCloseTo(180 - FIELD_EDGE);
  });

  it('keeps a few stars at their full size on a laptop screen', () => {
    const placements = placeStars(starSet(6), { random: seededRandom(7) });
    expect(fieldScale(fieldReach(placements.values()), { width: 1280, height: 800 })).toBe(1);
  });

  it('gives the label a box the footprint holds', () => {
    const { width, height } = labelBox(STARFIELD.radius.medium);
    expect(Math.hypot(width / 2, height / 2)).toBeCloseTo(footprintOf(STARFIELD.radius.medium));
  });
});

describe('the name label', () => {
  it('writes a name as large as its box allows and shortens what does not fit', () => {
    expect(nameLayout('Sam', STARFIELD.radius.large)).toEqual({
      fontSize: STARFIELD.fontSize.large,
      lines: 2,
    });
    expect(nameLayout('Marcus', STARFIELD.radius.small).fontSize).toBe(STARFIELD.fontSize.medium);
    expect(nameLayout('Sunrise Walkers Club', STARFIELD.radius.small)).toEqual({
      fontSize: STARFIELD.fontSize.small,
      lines: 2,
    });
    // A word longer than a line is shortened on one line, not split.
    expect(nameLayout('Alexandrina Montgomery-Smith', STARFIELD.radius.small)).toEqual({
      fontSize: STARFIELD.fontSize.small,
      lines: 1,
    });
  });

  it('keeps one line of text on a star too small for the small size', () => {
    const tiny = nameLayout('Sunrise Walkers', 6);
    expect(tiny.lines).toBe(1);
    expect(tiny.fontSize).toBeLessThan(STARFIELD.fontSize.small);
    expect(tiny.fontSize * 1.35).toBeLessThanOrEqual(labelBox(6).height);
  });
});
