import { STARFIELD } from '@orbit/contract';
import { type Disc, intrusion } from './geometry';
import { between, type Random } from './random';

/**
 * The generated background (docs/product/home-and-stars.md#field-constants): small circles of radius 5..14 at least 20 px apart, added until they
 * cover 2% of the area. A circle that finds no free place in the placement attempts ends the sky early.
 */
export function backgroundCircles(width: number, height: number, random: Random): Disc[] {
  const { coverRatio, radiusMin, radiusMax, gap } = STARFIELD.background;
  const target = width * height * coverRatio;
  const circles: Disc[] = [];
  let covered = 0;
  while (covered < target) {
    const r = between(random, radiusMin, radiusMax);
    const circle = freePlace(r, width, height, circles, gap, random);
    if (!circle) break;
    circles.push(circle);
    covered += Math.PI * r * r;
  }
  return circles;
}

function freePlace(
  r: number,
  width: number,
  height: number,
  circles: readonly Disc[],
  gap: number,
  random: Random,
): Disc | null {
  for (let attempt = 0; attempt < STARFIELD.placementAttempts; attempt++) {
    const candidate = { x: between(random, r, width - r), y: between(random, r, height - r), r };
    if (circles.every((other) => intrusion(candidate, other, gap) === 0)) return candidate;
  }
  return null;
}
