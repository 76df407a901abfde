import { STARFIELD } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { backgroundCircles } from './background';
import { intrusion } from './geometry';
import { seededRandom } from './random';

const { coverRatio, radiusMin, radiusMax, gap } = STARFIELD.background;
const area = (circles: { r: number }[]) => circles.reduce((sum, c) => sum + Math.PI * c.r * c.r, 0);

describe('backgroundCircles', () => {
  const width = 1280;
  const height = 800;
  const circles = backgroundCircles(width, height, seededRandom(11));

  it('covers 2% of the area, and no more than one circle beyond it', () => {
    const target = width * height * coverRatio;
    expect(area(circles)).toBeGreaterThanOrEqual(target);
    expect(area(circles.slice(0, -1))).toBeLessThan(target);
  });

  it('draws circles of radius 5 to 14, inside the area, 20 px apart', () => {
    for (const [i, c] of circles.entries()) {
      expect(c.r).toBeGreaterThanOrEqual(radiusMin);
      expect(c.r).toBeLessThanOrEqual(radiusMax);
      expect(c.x - c.r).toBeGreaterThanOrEqual(0);
      expect(c.y + c.r).toBeLessThanOrEqual(height);
      for (const other of circles.slice(i + 1)) expect(intrusion(c, other, gap)).toBe(0);
    }
  });

  it('is the same sky for the same random source', () => {
    expect(backgroundCircles(390, 844, seededRandom(2))).toEqual(
      backgroundCircles(390, 844, seededRandom(2)),
    );
  });

  it('stops when no free place is left rather than overlapping', () => {
    const tiny = backgroundCircles(40, 40, seededRandom(1));
    expect(tiny.length).toBe(1);
  });
});
