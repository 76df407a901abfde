import { describe, expect, it } from 'vitest';
import { communityDisplayName, formatDay, gocoinPercent, percentOf } from './rules';

const t = (key: string) => `<${key}>`;

describe('incentive screen rules', () => {
  it('names madness communities by type: general, veteran, BMI, seniors, otherwise their own name', () => {
    expect(communityDisplayName({ name: 'Club', community_type: 4 }, t)).toBe('<community_name.general>');
    expect(communityDisplayName({ name: 'Club', community_type: 5 }, t)).toBe('<community_name.veteran>');
    expect(communityDisplayName({ name: 'Club', community_type: 6 }, t)).toBe('<community_name.bmi>');
    expect(communityDisplayName({ name: 'Club', community_type: 7 }, t)).toBe('<community_name.seniors>');
    expect(communityDisplayName({ name: 'Club', community_type: 3 }, t)).toBe('Club');
  });

  it('fills the GoCoins bar at 1800 and never past full', () => {
    expect(gocoinPercent(900)).toBe(50);
    expect(gocoinPercent(1800)).toBe(100);
    expect(gocoinPercent(5000)).toBe(100);
    expect(percentOf(3, 0)).toBe(100);
    expect(percentOf(1, 3)).toBe(33);
  });

  it('shows a history day as the calendar day it names', () => {
    expect(formatDay('2026-11-16')).toBe('Mon, Nov 16, 2026');
  });
});
