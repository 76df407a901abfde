import type { ProfileStar } from '@orbit/contract';
import { displayOf, isOwnStar, type StarDisplay } from './display';
import type { Polar } from './geometry';
import { type Placement, placeStars } from './placement';
import type { Random } from './random';
import { diffStars, planTransitions, sampleTransition, starKey, type Transition } from './refresh';

/** Everything drawn around the own star: the stars (fading ones included), their places and animations. */
export interface Scene {
  stars: ProfileStar[];
  items: StarDisplay[];
  placements: Map<string, Placement>;
  transitions: Map<string, Transition>;
}

export const EMPTY_SCENE: Scene = { stars: [], items: [], placements: new Map(), transitions: new Map() };

const orbiting = (stars: readonly ProfileStar[]) => stars.filter((star) => !isOwnStar(star));

function placementsOf(
  stars: readonly ProfileStar[],
  random: Random,
  previous?: ReadonlyMap<string, Placement>,
) {
  const placeable = stars.map((star) => {
    const { radius } = displayOf(starKey(star), star);
    return { key: starKey(star), zone: star.zone, radius };
  });
  return placeStars(placeable, { random, previous });
}

/**
 * The scene after a refresh (docs/product/home-and-stars.md#star-refresh): the new set is placed (stars keep their old place when it is still
 * free), and every star that was or is orbiting gets its transition, starting `now`.
 */
export function refreshScene(scene: Scene, next: readonly ProfileStar[], random: Random, now: number): Scene {
  const stars = orbiting(next);
  const placements = placementsOf(stars, random, scene.placements);
  const changes = diffStars(scene.stars, stars);
  const transitions = new Map(
    planTransitions(changes, scene.placements, placements, now).map((t) => [t.key, t]),
  );
  const shown = stars
    .filter((star) => placements.has(starKey(star)))
    .map((star) => displayOf(starKey(star), star));
  const fading = scene.stars
    .filter((star) => transitions.get(starKey(star))?.change === 'fadeOut')
    .map((star) => displayOf(starKey(star), star));
  return { stars, items: [...shown, ...fading], placements, transitions };
}

/**
 * The first scene of a visit: the set last served (`last_stars`) is where the stars were, so what changed
 * since then plays its transition on opening.
 */
export function openingScene(
  lastStars: readonly ProfileStar[],
  stars: readonly ProfileStar[],
  random: Random,
  now: number,
): Scene {
  const before = orbiting(lastStars);
  const previous: Scene = { ...EMPTY_SCENE, stars: before, placements: placementsOf(before, random) };
  return refreshScene(previous, stars, random, now);
}

/** Where a star is drawn at `now`, and whether its transition (if any) is over. */
export function frameOf(scene: Scene, key: string, now: number) {
  const transition = scene.transitions.get(key);
  if (transition) return sampleTransition(transition, now);
  const at = scene.placements.get(key) as Polar;
  return { ...at, scale: 1, opacity: 1, done: true };
}

/** The scene without the stars that have finished fading out and without finished transitions. */
export function settleScene(scene: Scene, now: number): Scene {
  const finished = [...scene.transitions.values()].filter((t) => sampleTransition(t, now).done);
  if (finished.length === 0) return scene;
  const transitions = new Map(scene.transitions);
  for (const t of finished) transitions.delete(t.key);
  const gone = new Set(finished.filter((t) => t.change === 'fadeOut').map((t) => t.key));
  return { ...scene, transitions, items: scene.items.filter((item) => !gone.has(item.key)) };
}
