import { DIAL_PICKER } from '@orbit/contract';

/**
 * The dial picker's physics (docs/product/home-and-stars.md#pickers), free of the DOM so that it can be tested: the wheel's position is an
 * offset in pixels from the first item (item i sits at i × itemHeight), it follows the finger once a drag
 * passes the threshold, rolls on after release at the finger's speed (at most maxRollSpeed, slowing by the
 * friction), then snaps to the nearest item in snapMs.
 */

const { itemHeight, dragThreshold, snapMs, friction, maxRollSpeed, speedSamples } = DIAL_PICKER;

/** One reading of the finger: its time (ms) and the wheel offset it asked for (px). */
export interface Sample {
  t: number;
  offset: number;
}

/** A press becomes a drag once the finger moved more than the threshold; less is a tap. */
export const isDrag = (moved: number) => Math.abs(moved) > dragThreshold;

/** The readings the release speed is measured over: the last `speedSamples` of them. */
export function addSample(samples: readonly Sample[], sample: Sample): Sample[] {
  return [...samples, sample].slice(-speedSamples);
}

/** The wheel's speed at release (px/ms) over the kept readings, no faster than the maximum roll speed. */
export function releaseSpeed(samples: readonly Sample[]): number {
  if (samples.length < 2) return 0;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const elapsed = last.t - first.t;
  if (elapsed <= 0) return 0;
  const speed = (last.offset - first.offset) / elapsed;
  return Math.max(-maxRollSpeed, Math.min(maxRollSpeed, speed));
}

/** How long a roll at `speed` lasts before the friction stops it (ms). */
export const rollDuration = (speed: number) => Math.abs(speed) / friction;

/** Where a roll that started at `from` with `speed` is after `elapsed` ms (it stays where it stopped). */
export function rollOffset(from: number, speed: number, elapsed: number): number {
  const t = Math.min(Math.max(0, elapsed), rollDuration(speed));
  return from + speed * t - (Math.sign(speed) * friction * t * t) / 2;
}

export const offsetOf = (index: number) => index * itemHeight;

/** The largest offset of a wheel of `count` items (its last item in the middle). */
export const maxOffset = (count: number) => offsetOf(Math.max(0, count - 1));

/** The wheel does not leave its items: the offset stays between the first and the last. */
export const clampOffset = (offset: number, count: number) => Math.min(maxOffset(count), Math.max(0, offset));

/** The item nearest to an offset. */
export const nearestIndex = (offset: number, count: number) =>
  Math.round(clampOffset(offset, count) / itemHeight);

/** The snap: from `from` to `to` in snapMs, easing out (fast first, settling gently). */
export function snapOffset(from: number, to: number, elapsed: number): number {
  const progress = Math.min(1, Math.max(0, elapsed / snapMs));
  const eased = 1 - (1 - progress) ** 3;
  return from + (to - from) * eased;
}

/** A release planned once: the roll (if any), then the snap to the item where the roll would stop. */
export interface Release {
  from: number;
  speed: number;
  /** Where the roll stops, inside the wheel. */
  rollEnd: number;
  /** The item the wheel settles on. */
  index: number;
}

export function planRelease(from: number, speed: number, count: number): Release {
  const rollEnd = clampOffset(rollOffset(from, speed, rollDuration(speed)), count);
  return { from, speed, rollEnd, index: nearestIndex(rollEnd, count) };
}

/** A move to a chosen item with no roll (a tap on it, or a key): only the 250 ms snap. */
export const snapTo = (from: number, index: number): Release => ({ from, speed: 0, rollEnd: from, index });

/** The wheel's offset `elapsed` ms after the release, and whether it has settled. */
export function releaseFrame(
  release: Release,
  count: number,
  elapsed: number,
): { offset: number; done: boolean } {
  const rolling = rollDuration(release.speed);
  if (elapsed < rolling) {
    const offset = rollOffset(release.from, release.speed, elapsed);
    // Reaching either end stops the roll there; the snap follows.
    if (offset === clampOffset(offset, count)) return { offset, done: false };
  }
  const rollStoppedAt = Math.min(elapsed, rolling);
  const snapElapsed = elapsed - rollStoppedAt;
  const offset = snapOffset(release.rollEnd, offsetOf(release.index), snapElapsed);
  return { offset, done: snapElapsed >= snapMs };
}
