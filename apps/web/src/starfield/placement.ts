import { STARFIELD } from '@orbit/contract';
import { footprintOf } from './fit';
import { type Disc, type Polar, TAU, toPoint } from './geometry';
import type { Random } from './random';

/** What placement needs of a star: a stable key, its zone and its drawn radius. */
export interface PlaceableStar {
  key: string;
  zone: number;
  radius: number;
}

/** Where a star orbits: its zone, the orbit within the zone (0 innermost), distance and angle. */
export interface Placement extends Polar {
  zone: number;
  orbit: number;
  radius: number;
}

export interface PlacementOptions {
  random: Random;
  /** Where the stars were before a refresh: a star keeps its place when it is still free. */
  previous?: ReadonlyMap<string, Placement>;
}

const GAP = STARFIELD.gap;
/** The own star keeps its footprint too: its mood badge reaches beyond its disc. */
const OWN_STAR: PlacedDisc = { x: 0, y: 0, r: footprintOf(STARFIELD.radius.own), distance: 0 };

/** Only zones below 4 orbit (docs/product/home-and-stars.md#field-constants); zone 4 and beyond is the Inactive list. */
export function isDisplayed(star: { zone: number }): boolean {
  return star.zone < STARFIELD.displayedZoneBelow;
}

interface Candidate {
  orbit: number;
  angle: number;
}

function discOf(candidate: Candidate, zoneStart: number, radius: number): Placement {
  const distance = zoneStart + candidate.orbit * STARFIELD.orbitDelta;
  return { zone: 0, orbit: candidate.orbit, distance, angle: candidate.angle, radius };
}

interface PlacedDisc extends Disc {
  distance: number;
}

/**
 * How the star's footprint (fit.ts: disc and badge) sits among the footprints placed so far: the summed
 * intrusion into them (given up once it exceeds `enough`, an earlier attempt being better) and, when there is
 * none, the clearance: how much more than the gap is left to the nearest, given up once no
 * larger than `enough.clearance` (a free attempt was roomier). Stars on orbits too far apart to matter are
 * skipped before any trigonometry.
 */
function fitAmong(
  placement: Placement,
  placed: readonly PlacedDisc[],
  enough: { intrusion: number; clearance: number },
): { intrusion: number; clearance: number } {
  const { x, y } = toPoint(placement);
  const { distance } = placement;
  const footprint = footprintOf(placement.radius);
  let intrusion = 0;
  let clearance = Number.POSITIVE_INFINITY;
  for (const other of placed) {
    const reach = other.r + footprint + GAP;
    if (Math.abs(other.distance - distance) - reach >= clearance) continue;
    const apart = Math.hypot(other.x - x, other.y - y);
    if (apart < reach) intrusion += reach - apart;
    // The own star is as far from every place of an orbit: it says nothing of which is roomier.
    else if (other.distance > 0) clearance = Math.min(clearance, apart - reach);
    if (intrusion > enough.intrusion || clearance <= enough.clearance) break;
  }
  return { intrusion, clearance: intrusion > 0 ? 0 : clearance };
}

/**
 * Attempt n tries the previous place first (when the star was in this zone), then random angles on the
 * zone's orbits from the inside out, `attemptsPerOrbit` on each.
 */
function candidateFor(attempt: number, random: Random, previous: Placement | undefined): Candidate {
  if (attempt === 0 && previous) return { orbit: previous.orbit, angle: previous.angle };
  return { orbit: Math.floor(attempt / STARFIELD.attemptsPerOrbit), angle: random() * TAU };
}

/**
 * Up to 1000 attempts (docs/product/home-and-stars.md#star-refresh) for a place that keeps the gap to every star placed so far, the innermost
 * orbit with a free place winning. Of that orbit's free attempts the roomiest (the largest clearance to the
 * nearest star) is taken, not the first (issue 25, decision 0039): stars spread evenly instead of settling in
 * clusters, whose names would have no room beside them on a phone. A previous place still free is kept, so a
 * refresh moves no star. When no place is free, the attempt that overlaps least.
 */
function placeOne(
  star: PlaceableStar,
  zoneStart: number,
  placed: readonly PlacedDisc[],
  { random, previous }: PlacementOptions,
): Placement {
  const before = previous?.get(star.key);
  const sameZone = before && before.zone === star.zone ? before : undefined;
  let best: Placement | null = null;
  let bestIntrusion = Number.POSITIVE_INFINITY;
  let bestClearance = -1;
  for (let attempt = 0; attempt < STARFIELD.placementAttempts; attempt++) {
    const candidate = discOf(candidateFor(attempt, random, sameZone), zoneStart, star.radius);
    const free = bestIntrusion === 0;
    if (free && best && candidate.orbit !== best.orbit) break;
    const enough = { intrusion: bestIntrusion, clearance: free ? bestClearance : Number.NEGATIVE_INFINITY };
    const { intrusion, clearance } = fitAmong(candidate, placed, enough);
    const better = free ? intrusion === 0 && clearance > bestClearance : intrusion < bestIntrusion;
    if (better) {
      best = candidate;
      bestIntrusion = intrusion;
      bestClearance = clearance;
    }
    if (attempt === 0 && sameZone && intrusion === 0) break;
  }
  return { ...(best as Placement), zone: star.zone };
}

function byZoneThenSize(a: PlaceableStar, b: PlaceableStar): number {
  return a.zone - b.zone || b.radius - a.radius || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Places the displayed stars around the own star. Zones go outwards in order: a zone's first orbit lies
 * `zoneDelta` beyond the previous zone's outermost orbit (the first one `zoneDelta` beyond the own star's
 * footprint), its further orbits `orbitDelta` apart. Empty zones take no room, so a small screen shows as much
 * as it can. Bigger stars are placed first, while there is most room.
 */
export function placeStars(
  stars: readonly PlaceableStar[],
  options: PlacementOptions,
): Map<string, Placement> {
  const result = new Map<string, Placement>();
  const placed: PlacedDisc[] = [OWN_STAR];
  const ordered = stars.filter(isDisplayed).sort(byZoneThenSize);
  let zoneStart = OWN_STAR.r + STARFIELD.zoneDelta;
  let outermost = 0;
  let zone = ordered[0]?.zone;
  for (const star of ordered) {
    if (star.zone !== zone) {
      zoneStart += outermost * STARFIELD.orbitDelta + STARFIELD.zoneDelta;
      zone = star.zone;
      outermost = 0;
    }
    const placement = placeOne(star, zoneStart, placed, options);
    outermost = Math.max(outermost, placement.orbit);
    placed.push({ ...toPoint(placement), r: footprintOf(placement.radius), distance: placement.distance });
    result.set(star.key, placement);
  }
  return result;
}

/** How far the field reaches from the own star's centre: the outermost footprint's far edge. */
export function fieldReach(placements: Iterable<Placement>): number {
  let reach: number = OWN_STAR.r;
  for (const p of placements) reach = Math.max(reach, p.distance + footprintOf(p.radius));
  return reach;
}
