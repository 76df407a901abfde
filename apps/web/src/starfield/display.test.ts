import { STARFIELD, StarType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { makeStar } from '../test/stars';
import { BADGE_SIZE, displayOf, effectOf, pictureOf, radiusOf } from './display';

describe('star display attributes', () => {
  it('sizes stars 21, 28 and 35', () => {
    expect([1, 2, 3].map(radiusOf)).toEqual([21, 28, 35]);
  });

  it('shows the image, else the preset avatar', () => {
    expect(pictureOf({ image_url: '/api/user/image?image_id=3', avatar_image: 'av2' })).toBe(
      '/api/user/image?image_id=3',
    );
    expect(pictureOf({ image_url: null, avatar_image: 'av2' })).toBe('/api/v3/avatars/av2.png');
    expect(pictureOf({ image_url: null, avatar_image: null })).toBeNull();
  });

  it('gives a star without mood no emoticon face, and reads its badge and effect', () => {
    const requests = displayOf(
      'r',
      makeStar('r', {
        star_type: StarType.REQUESTS,
        avatar_image: null,
        gojimoji: null,
        badge_count: 3,
        effect: 'reverse_pulse',
      }),
    );
    expect(requests.ratios.emoticon).toBe(0);
    expect(requests.ratios.avatar).toBe(0);
    expect(requests.face).toBe('name');
    expect(requests.badge).toBe(3);
    expect(requests.effect).toBe('reversePulse');
    expect(effectOf('sparkle')).toBeNull();
    expect(BADGE_SIZE).toBeCloseTo(STARFIELD.fontSize.large * STARFIELD.badgeRatio);
  });
});
