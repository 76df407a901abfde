import { STARFIELD } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { TAU } from './geometry';
import { ORBIT_TICK_MS, orbitPoint, orbitTickDue, rotationAt } from './orbit';

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

describe('orbit ticks', () => {
  const frames = (periodMs: number, count: number) => Array.from({ length: count }, (_, i) => i * periodMs);
  const ticksOf = (stamps: number[]) => {
    let last = Number.NEGATIVE_INFINITY;
    return stamps.filter((now) => {
      if (!orbitTickDue(now, last)) return false;
      last = now;
      return true;
    });
  };

  it('moves the orbit on every other frame of a 60 Hz screen, every fourth of a 120 Hz one', () => {
    expect(ticksOf(frames(1000 / 60, 60))).toHaveLength(30);
    expect(ticksOf(frames(1000 / 120, 120))).toHaveLength(30);
  });

  it('moves it on every frame when frames come at 30 Hz or slower, stamps jittering', () => {
    expect(ticksOf(frames(1000 / 30, 30))).toHaveLength(30);
    expect(ticksOf([0, 32, 65, 99, 131])).toHaveLength(5);
  });

  it('moves a star at the corner of a 1280x800 screen by less than a pixel and a half per tick', () => {
    const corner = Math.hypot(640, 400);
    expect(Math.abs(rotationAt(ORBIT_TICK_MS)) * corner).toBeLessThan(1.5);
    expect(Math.abs(rotationAt(ORBIT_TICK_MS)) * 570).toBeCloseTo(1, 1);
  });
});
