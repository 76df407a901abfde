import { STARFIELD } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { TAU } from './geometry';
import { orbitPoint, rotationAt } from './orbit';

describe('orbit rotation', () => {
  it('turns the field at -0.5 rpm: half a turn backwards a minute', () => {
    expect(STARFIELD.rpm).toBe(-0.5);
    expect(rotationAt(60_000)).toBeCloseTo(-TAU / 2);
    expect(rotationAt(120_000)).toBeCloseTo(-TAU);
    expect(rotationAt(0)).toBeCloseTo(0);
  });

  it('stands still at 0 rpm (reduced motion)', () => {
    expect(rotationAt(60_000, 0)).toBe(0);
  });

  it('moves a star along its orbit, keeping its distance', () => {
    const p = orbitPoint({ distance: 100, angle: 0 }, Math.PI / 2);
    expect(p.x).toBeCloseTo(0);
    expect(p.y).toBeCloseTo(100);
  });
});
