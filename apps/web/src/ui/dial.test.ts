import { DIAL_PICKER } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import {
  addSample,
  clampOffset,
  isDrag,
  nearestIndex,
  offsetOf,
  planRelease,
  releaseFrame,
  releaseSpeed,
  rollDuration,
  rollOffset,
  type Sample,
  snapOffset,
} from './dial';

const { itemHeight, dragThreshold, snapMs, friction, maxRollSpeed, speedSamples } = DIAL_PICKER;

describe('the dial picker physics (docs/product/home-and-stars.md#pickers)', () => {
  it('uses the spec constants: 40 px, 3 px, 250 ms, 0.03, 3.5 px/ms, 5 samples', () => {
    expect([itemHeight, dragThreshold, snapMs, friction, maxRollSpeed, speedSamples]).toEqual([
      40, 3, 250, 0.03, 3.5, 5,
    ]);
  });

  it('turns a press into a drag only past the 3 px threshold, either way', () => {
    expect(isDrag(dragThreshold)).toBe(false);
    expect(isDrag(-dragThreshold)).toBe(false);
    expect(isDrag(dragThreshold + 0.5)).toBe(true);
    expect(isDrag(-(dragThreshold + 0.5))).toBe(true);
  });

  it('measures the release speed over the last 5 readings only', () => {
    let samples: Sample[] = [];
    // A slow start, then 5 readings at 1 px/ms: the slow start no longer counts.
    samples = addSample(samples, { t: 0, offset: 0 });
    samples = addSample(samples, { t: 100, offset: 1 });
    for (let i = 0; i < speedSamples; i++)
      samples = addSample(samples, { t: 200 + 10 * i, offset: 10 + 10 * i });
    expect(samples).toHaveLength(speedSamples);
    expect(releaseSpeed(samples)).toBeCloseTo(1);
    expect(releaseSpeed(samples.slice(0, 1))).toBe(0);
  });

  it('caps the roll at 3.5 px/ms in both directions', () => {
    const fast = [
      { t: 0, offset: 0 },
      { t: 10, offset: 200 },
    ];
    expect(releaseSpeed(fast)).toBe(maxRollSpeed);
    expect(releaseSpeed(fast.map((s) => ({ ...s, offset: -s.offset })))).toBe(-maxRollSpeed);
  });

  it('slows the roll by the friction until it stops, then stays', () => {
    const speed = 2;
    expect(rollDuration(speed)).toBeCloseTo(speed / friction);
    const end = rollOffset(100, speed, rollDuration(speed));
    expect(end).toBeCloseTo(100 + (speed * speed) / (2 * friction));
    expect(rollOffset(100, speed, rollDuration(speed) + 1000)).toBeCloseTo(end);
    expect(rollOffset(100, -speed, rollDuration(speed))).toBeCloseTo(100 - (speed * speed) / (2 * friction));
    // Slowing down: the first half of the time covers more ground than the second.
    const half = rollOffset(100, speed, rollDuration(speed) / 2) - 100;
    expect(half).toBeGreaterThan(end - 100 - half);
  });

  it('snaps to the nearest item in 250 ms, easing out', () => {
    expect(snapOffset(50, 40, 0)).toBe(50);
    expect(snapOffset(50, 40, snapMs / 2)).toBeLessThan(45);
    expect(snapOffset(50, 40, snapMs)).toBe(40);
    expect(nearestIndex(59, 10)).toBe(1);
    expect(nearestIndex(61, 10)).toBe(2);
    expect(nearestIndex(-80, 10)).toBe(0);
    expect(nearestIndex(10_000, 10)).toBe(9);
    expect(offsetOf(3)).toBe(3 * itemHeight);
  });

  it('plans a release: roll, stop inside the wheel, settle on an item', () => {
    const count = 100;
    const release = planRelease(offsetOf(10), maxRollSpeed, count);
    const rollEnd = offsetOf(10) + maxRollSpeed ** 2 / (2 * friction);
    expect(release.rollEnd).toBeCloseTo(rollEnd);
    expect(release.index).toBe(Math.round(rollEnd / itemHeight));
    const rolling = rollDuration(maxRollSpeed);
    expect(releaseFrame(release, count, rolling / 2).done).toBe(false);
    expect(releaseFrame(release, count, rolling + snapMs - 1).done).toBe(false);
    expect(releaseFrame(release, count, rolling + snapMs)).toEqual({
      offset: offsetOf(release.index),
      done: true,
    });
  });

  it('stops a roll at the end of the wheel', () => {
    const count = 5;
    const release = planRelease(offsetOf(3), maxRollSpeed, count);
    expect(release.index).toBe(count - 1);
    const rolling = rollDuration(maxRollSpeed);
    for (const t of [rolling / 4, rolling / 2, rolling]) {
      expect(releaseFrame(release, count, t).offset).toBeLessThanOrEqual(offsetOf(count - 1));
    }
    expect(releaseFrame(release, count, rolling + snapMs)).toEqual({
      offset: offsetOf(count - 1),
      done: true,
    });
    expect(clampOffset(-5, count)).toBe(0);
  });

  it('settles a tap-like release (no speed) on the nearest item in 250 ms', () => {
    const release = planRelease(offsetOf(2) + 15, 0, 10);
    expect(release.index).toBe(2);
    expect(releaseFrame(release, 10, 0).done).toBe(false);
    expect(releaseFrame(release, 10, snapMs)).toEqual({ offset: offsetOf(2), done: true });
  });
});
