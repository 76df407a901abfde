import { STARFIELD } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { footprintOf } from './fit';
import { intrusion, toPoint } from './geometry';
import { fieldReach, type PlaceableStar, type Placement, placeStars } from './placement';
import { seededRandom } from './random';

const star = (key: string, zone: number, radius: number = STARFIELD.radius.medium): PlaceableStar => ({
  key,
  zone,
  radius,
});
const footprint = (p: Placement) => ({ ...toPoint(p), r: footprintOf(p.radius) });
const many = (count: number, zone = 1) =>
  Array.from({ length: count }, (_, i) => star(`s${i}`, zone, [21, 28, 35][i % 3]));

describe('placeStars', () => {
  it('places only the stars of zones below 4', () => {
    const placed = placeStars([star('a', 0), star('b', 3), star('c', 4), star('d', 7)], {
      random: seededRandom(1),
    });
    expect([...placed.keys()].sort()).toEqual(['a', 'b']);
  });

  it('puts the first zone one zone delta out from the own star, further orbits an orbit delta apart', () => {
    const placed = placeStars(many(40), { random: seededRandom(2) });
    const first = footprintOf(STARFIELD.radius.own) + STARFIELD.zoneDelta;
    for (const p of placed.values()) {
      expect(p.distance).toBe(first + p.orbit * STARFIELD.orbitDelta);
    }
    expect(Math.max(...[...placed.values()].map((p) => p.orbit))).toBeGreaterThan(0);
  });

  it('starts a zone a zone delta beyond the outermost orbit of the zone inside it', () => {
    const placed = placeStars([...many(20, 0), star('outer', 2)], { random: seededRandom(3) });
    const inner = [...placed.values()].filter((p) => p.zone === 0);
    const outermost = Math.max(...inner.map((p) => p.distance));
    expect(placed.get('outer')?.distance).toBe(outermost + STARFIELD.zoneDelta);
  });

  it('keeps the gap between every two footprints (star and badge) and to the own star', () => {
    const placed = [...placeStars(many(150), { random: seededRandom(4) }).values()];
    const own = { x: 0, y: 0, r: footprintOf(STARFIELD.radius.own) };
    for (const [i, a] of placed.entries()) {
      expect(intrusion(footprint(a), own, STARFIELD.gap)).toBe(0);
      for (const b of placed.slice(i + 1)) {
        expect(intrusion(footprint(a), footprint(b), STARFIELD.gap)).toBe(0);
      }
    }
  }, 20_000);

  it('takes the roomiest free place of an orbit, not the first: a second star lands across from the first', () => {
    const placed = placeStars([star('a', 1), star('b', 1)], { random: seededRandom(7) });
    const [a, b] = [placed.get('a')!, placed.get('b')!];
    expect(b.orbit).toBe(a.orbit);
    const turn = (((b.angle - a.angle) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    const apart = Math.abs(turn - Math.PI);
    expect(apart).toBeLessThan(0.3);
  });

  it('is repeatable with the same random source', () => {
    const a = placeStars(many(30), { random: seededRandom(9) });
    const b = placeStars(many(30), { random: seededRandom(9) });
    expect([...a.entries()]).toEqual([...b.entries()]);
  });

  it('keeps a star on its previous place when that place is still free', () => {
    const previous = new Map<string, Placement>([
      ['a', { zone: 1, orbit: 1, distance: 128, angle: 1.25, radius: 28 }],
    ]);
    const placed = placeStars([star('a', 1)], { random: seededRandom(5), previous });
    expect(placed.get('a')).toMatchObject({ orbit: 1, angle: 1.25 });
  });

  it('spends at most 1000 attempts and then takes the least overlapping one', () => {
    let draws = 0;
    const counting = () => {
      draws++;
      return 0.5;
    };
    // A star too big to keep clear of the own star anywhere: it overlaps least on the outermost orbit tried.
    const placed = placeStars([star('huge', 1, 1000)], { random: counting });
    expect(draws).toBe(STARFIELD.placementAttempts);
    const lastOrbit = Math.floor((STARFIELD.placementAttempts - 1) / STARFIELD.attemptsPerOrbit);
    expect(placed.get('huge')?.orbit).toBe(lastOrbit);
  });

  it('reports how far the field reaches: the outermost footprint', () => {
    const own = footprintOf(STARFIELD.radius.own);
    const placed = placeStars([star('a', 1, 21)], { random: seededRandom(6) });
    expect(fieldReach(placed.values())).toBe(own + STARFIELD.zoneDelta + footprintOf(21));
    expect(fieldReach([])).toBe(own);
  });
});
