import { type ProfileStar, STARFIELD } from '@orbit/contract';
import { clamp01, easeInOut, type Polar, wrapAngle } from './geometry';

/**
 * What a refresh does to one star (docs/product/home-and-stars.md#star-refresh): a changed one updates, a gone or retyped one fades out, an
 * unchanged one moves, a new one appears.
 */
export type Change = 'update' | 'move' | 'fadeOut' | 'appear';

export type RefreshStar = Pick<
  ProfileStar,
  'star_id' | 'star_type' | 'size' | 'image_url' | 'avatar_image' | 'persona_image' | 'gojimoji'
>;

/** A star is drawn per id and type: a star whose type changed is another drawing (the old one fades out). */
export function starKey(star: Pick<ProfileStar, 'star_id' | 'star_type'>): string {
  return `${star.star_id}:${star.star_type}`;
}

const looksOf = (star: RefreshStar) =>
  JSON.stringify([
    star.size,
    star.image_url,
    star.avatar_image,
    star.persona_image,
    star.gojimoji?.mood ?? null,
    star.gojimoji?.tags ?? [],
  ]);

/**
 * Old and new stars compared (docs/product/home-and-stars.md#star-set): changed size, image, mood or tags → update; gone, or of another
 * type now → fade out; the same → move; not there before → appear. Keyed by starKey.
 */
export function diffStars(
  previous: readonly RefreshStar[],
  next: readonly RefreshStar[],
): Map<string, Change> {
  const before = new Map(previous.map((star) => [starKey(star), star]));
  const changes = new Map<string, Change>();
  for (const star of next) {
    const old = before.get(starKey(star));
    changes.set(starKey(star), !old ? 'appear' : looksOf(old) === looksOf(star) ? 'move' : 'update');
  }
  for (const key of before.keys()) if (!changes.has(key)) changes.set(key, 'fadeOut');
  return changes;
}

/** One star's animation after a refresh: from where (fading or moving) to where (moving or appearing). */
export interface Transition {
  key: string;
  change: Change;
  from: Polar | null;
  to: Polar | null;
  startedAt: number;
}

/**
 * The transitions of a refresh from the stars' old and new places. A star that had no place (it was not
 * orbiting) appears; one that has no place now (gone, or inactive) fades out where it was.
 */
export function planTransitions(
  changes: ReadonlyMap<string, Change>,
  before: ReadonlyMap<string, Polar>,
  after: ReadonlyMap<string, Polar>,
  startedAt: number,
): Transition[] {
  const transitions: Transition[] = [];
  for (const [key, change] of changes) {
    const from = before.get(key) ?? null;
    const to = change === 'fadeOut' ? null : (after.get(key) ?? null);
    if (!from && !to) continue;
    const effective: Change = !to ? 'fadeOut' : !from ? 'appear' : change;
    transitions.push({ key, change: effective, from, to, startedAt });
  }
  return transitions;
}

/** Where and how a star is drawn at one moment of its transition. */
export interface StarFrame extends Polar {
  scale: number;
  opacity: number;
  /** The transition is over: a faded star is removed, the others rest at `to`. */
  done: boolean;
}

function between(from: Polar, to: Polar, t: number): Polar {
  return {
    distance: from.distance + (to.distance - from.distance) * t,
    angle: from.angle + wrapAngle(to.angle - from.angle) * t,
  };
}

/** A star at rest: full size, fully shown. */
export function restingFrame(at: Polar): StarFrame {
  return { ...at, scale: 1, opacity: 1, done: true };
}

/**
 * The frame of a transition `now` ms (same clock as startedAt) with the docs/product/home-and-stars.md#field-constants timings: a move or update
 * glides over 4000 ms, a fade out takes 1000 ms, and an appearing star stays collapsed while it radiates,
 * then grows after 1 s.
 */
export function sampleTransition(transition: Transition, now: number): StarFrame {
  const elapsed = now - transition.startedAt;
  const { timings } = STARFIELD;
  const { from, to } = transition;
  if (transition.change === 'fadeOut' && from) {
    const t = clamp01(elapsed / timings.fade);
    return { ...from, scale: 1, opacity: 1 - t, done: t >= 1 };
  }
  if (transition.change === 'appear' && to) {
    const t = clamp01((elapsed - timings.growAfter) / timings.grow);
    return {
      ...to,
      scale: easeInOut(t),
      opacity: 1,
      done: elapsed >= Math.max(timings.radiate, timings.growAfter + timings.grow),
    };
  }
  const target = (to ?? from) as Polar;
  const t = clamp01(elapsed / timings.move);
  return { ...between(from ?? target, target, easeInOut(t)), scale: 1, opacity: 1, done: t >= 1 };
}
