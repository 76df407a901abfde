import { STARFIELD } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { faceDelay, faceFadeAt, faceForDraw, faceRatiosFor, firstFace, nextFace } from './faces';
import { seededRandom } from './random';

const all = faceRatiosFor({ hasPicture: true, hasMood: true });

describe('star faces', () => {
  it('lays the ratios end to end: name, then avatar, then emoticon', () => {
    const { name, avatar } = STARFIELD.faceRatios;
    expect(faceForDraw('emoticon', all, 0)).toBe('name');
    expect(faceForDraw('emoticon', all, name - 0.001)).toBe('name');
    expect(faceForDraw('name', all, name + 0.001)).toBe('avatar');
    expect(faceForDraw('name', all, name + avatar + 0.001)).toBe('emoticon');
  });

  it('keeps the face when the draw reaches no face', () => {
    const sum = Object.values(all).reduce((a, b) => a + b, 0);
    expect(sum).toBeLessThan(STARFIELD.faceDrawMax);
    expect(faceForDraw('avatar', all, sum + 0.001)).toBe('avatar');
    expect(faceForDraw('emoticon', all, STARFIELD.faceDrawMax - 0.0001)).toBe('emoticon');
  });

  it('never shows a face the star lacks', () => {
    const bare = faceRatiosFor({ hasPicture: false, hasMood: false });
    const random = seededRandom(3);
    const seen = new Set(Array.from({ length: 500 }, () => nextFace('name', bare, random)));
    expect([...seen]).toEqual(['name']);
    expect(firstFace({ hasPicture: false, hasMood: true })).toBe('name');
    expect(firstFace({ hasPicture: true, hasMood: false })).toBe('avatar');
  });

  it('reaches every face from every face', () => {
    const random = seededRandom(7);
    for (const from of ['name', 'avatar', 'emoticon'] as const) {
      const seen = new Set(Array.from({ length: 300 }, () => nextFace(from, all, random)));
      expect(seen).toEqual(new Set(['name', 'avatar', 'emoticon']));
    }
  });

  it('changes first after 1..3 s, then every 1..2 s', () => {
    expect(faceDelay(true, () => 0)).toBe(1000);
    expect(faceDelay(true, () => 0.999999)).toBeCloseTo(3000, 0);
    expect(faceDelay(false, () => 0)).toBe(1000);
    expect(faceDelay(false, () => 0.999999)).toBeCloseTo(2000, 0);
  });
});

describe('face cross-fade', () => {
  it('goes from the old face to the new one over the 500 ms of a face change, eased', () => {
    expect(STARFIELD.timings.faceChange).toBe(500);
    expect(faceFadeAt(0)).toBe(0);
    expect(faceFadeAt(250)).toBeCloseTo(0.5);
    expect(faceFadeAt(50)).toBeLessThan(0.1);
    expect(faceFadeAt(500)).toBe(1);
    expect(faceFadeAt(800)).toBe(1);
  });
});
