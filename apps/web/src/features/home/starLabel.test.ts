import { EN_US, StarType, translate } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../i18n';
import { makeStar } from '../../test/stars';
import { initialsOf, ownStarLabel, starLabel, starName } from './starLabel';

const t: TFunction = (key, values) => translate(EN_US, key, ...Object.values(values ?? {}));

describe('star accessible names', () => {
  it('names the member and what the star is', () => {
    expect(starLabel(t, makeStar('1', { name: 'Sam Lee', gojimoji: null }))).toBe('Sam Lee, friend');
    const pending = makeStar('2', { name: 'Ana', star_type: StarType.PENDING_FRIEND, gojimoji: null });
    expect(starLabel(t, pending)).toBe('Ana, pending friend');
  });

  it("says the mood a member's star shows", () => {
    const sad = makeStar('1', { name: 'Sam Lee', gojimoji: { mood: 2, tags: [] } });
    expect(starLabel(t, sad)).toBe(`Sam Lee, friend, feeling ${t('mood.2')}`);
  });

  it('names a group star by its title and says how many wait, without repeating itself', () => {
    const requests = makeStar('3', {
      name: 'requests',
      star_type: StarType.REQUESTS,
      badge_count: 3,
      gojimoji: null,
    });
    expect(starName(t, requests)).toBe('Requests');
    expect(starLabel(t, requests)).toBe('Requests, 3 waiting');
  });

  it('names the surveys star and a star of several incentive plans by their titles, one plan by its name', () => {
    const surveys = makeStar('6', { name: 'surveys', star_type: StarType.SURVEYS, gojimoji: null });
    expect(starName(t, surveys)).toBe('Surveys');
    const plans = (count: number) => Array.from({ length: count }, (_, i) => ({ incentive_plan_id: i + 1 }));
    const several = makeStar('7', {
      name: 'incentive',
      star_type: StarType.INCENTIVE,
      incentive_plans: plans(2),
      gojimoji: null,
    });
    expect(starLabel(t, several)).toBe('Incentives');
    const one = makeStar('8', {
      name: 'Move & Earn',
      star_type: StarType.INCENTIVE,
      incentive_plans: plans(1),
      gojimoji: null,
    });
    expect(starLabel(t, one)).toBe('Move & Earn, incentive');
  });

  it('starts an activity star with a capital, like every other name on the home', () => {
    const swimming = makeStar('9', { name: 'swimming', star_type: StarType.ACTIVITY, gojimoji: null });
    expect(starLabel(t, swimming)).toMatch(/^Swimming, /);
  });

  it('says the count as its badge shows it', () => {
    const many = makeStar('4', {
      name: 'requests',
      star_type: StarType.REQUESTS,
      badge_count: 150,
      gojimoji: null,
    });
    expect(starLabel(t, many)).toBe('Requests, 99+ waiting');
  });

  it('names the quiet MOMENTS star "Moments", a pending moment by its producer', () => {
    const quiet = makeStar('4', {
      name: 'moments',
      star_type: StarType.MOMENTS,
      user_id: null,
      gojimoji: null,
    });
    expect(starLabel(t, quiet)).toBe('Moments');
    const pending = makeStar('5', {
      name: 'Sam Lee',
      star_type: StarType.MOMENTS,
      user_id: 5,
      gojimoji: null,
    });
    expect(starLabel(t, pending)).toBe('Sam Lee, moments');
  });

  it('names the own star with the mood', () => {
    expect(ownStarLabel(t, 'Dana Rivera', 1)).toBe('Dana Rivera, your star, feeling happy');
    expect(ownStarLabel(t, 'Dana Rivera', null)).toBe('Dana Rivera, your star');
  });

  it('starts with the name the star shows, whatever else it says (WCAG 2.5.3)', () => {
    const stars = [
      makeStar('1', {
        name: 'Night Owls Book Club',
        star_type: StarType.COMMUNITY_USER_CREATED,
        badge_count: 2,
        gojimoji: null,
      }),
      makeStar('2', { name: 'Sam Lee', gojimoji: { mood: 1, tags: [] } }),
      makeStar('3', { name: 'requests', star_type: StarType.REQUESTS, badge_count: 3, gojimoji: null }),
      makeStar('4', { name: 'moments', star_type: StarType.MOMENTS, user_id: null, gojimoji: null }),
      makeStar('5', { name: 'Inner Circle', star_type: StarType.COMMUNITY_INNER_CIRCLE, gojimoji: null }),
    ];
    for (const star of stars) expect(starLabel(t, star).startsWith(starName(t, star))).toBe(true);
    expect(starLabel(t, stars[0]!)).toBe('Night Owls Book Club, community, 2 waiting');
  });

  it("shows a name's initials on the name face", () => {
    expect(initialsOf('Night Owls Book Club')).toBe('NO');
    expect(initialsOf('maya.cohen')).toBe('MC');
    expect(initialsOf('Move & Earn')).toBe('ME');
    expect(initialsOf('Élodie')).toBe('É');
  });

  it('has a kind text for every star type', () => {
    for (const type of Object.values(StarType)) expect(Object.keys(EN_US)).toContain(`star_kind.${type}`);
  });
});
