import { EN_US, StarType, translate } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../i18n';
import { makeStar } from '../../test/stars';
import { ownStarLabel, starLabel, starName } from './starLabel';

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

  it('has a kind text for every star type', () => {
    for (const type of Object.values(StarType)) expect(Object.keys(EN_US)).toContain(`star_kind.${type}`);
  });
});
