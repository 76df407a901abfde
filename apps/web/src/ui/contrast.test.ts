import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_INK, inkOn, LIGHT_INK } from './contrast';

describe('text on a coloured disc', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3bb273', '#ffffff')).toBeCloseTo(2.69, 2);
  });

  it('picks the ink that reads better, at least 4.5:1 on every activity colour', () => {
    expect(inkOn('#3bb273')).toBe(DARK_INK);
    expect(inkOn('#8e44ad')).toBe(LIGHT_INK);
    for (const colour of ['#2e86ab', '#3bb273', '#5c6f9e', '#8e44ad', '#c73e1d', '#f18f01']) {
      expect(contrastRatio(inkOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
