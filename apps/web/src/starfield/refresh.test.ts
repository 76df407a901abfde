import { STARFIELD, StarType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { makeStar } from '../test/stars';
import { diffStars, planTransitions, sampleTransition, starKey, type Transition } from './refresh';

const { timings } = STARFIELD;

describe('diffStars (docs/product/home-and-stars.md#star-refresh)', () => {
  const old = [
    makeStar('1'),
    makeStar('2'),
    makeStar('3'),
    makeStar('4'),
    makeStar('5'),
    makeStar('6'),
    makeStar('7', { star_type: StarType.PENDING_FRIEND }),
  ];
  const next = [
    makeStar('1', { size: 2 }),
    makeStar('2', { image_url: '/img/2' }),
    makeStar('3', { gojimoji: { mood: 4, tags: [] } }),
    makeStar('4', { gojimoji: { mood: 1, tags: ['calm'] } }),
    makeStar('5', { zone: 2, name: 'Renamed' }),
    makeStar('7'),
    makeStar('8'),
  ];
  const changes = diffStars(old, next);

  it('updates stars whose size, image, mood or tags changed', () => {
    for (const id of ['1', '2', '3', '4']) expect(changes.get(starKey(makeStar(id)))).toBe('update');
  });

  it('moves the unchanged ones', () => {
    expect(changes.get(starKey(makeStar('5')))).toBe('move');
  });

  it('fades out removed stars and stars whose type changed; the new type appears', () => {
    expect(changes.get(starKey(makeStar('6')))).toBe('fadeOut');
    expect(changes.get(starKey(makeStar('7', { star_type: StarType.PENDING_FRIEND })))).toBe('fadeOut');
    expect(changes.get(starKey(makeStar('7')))).toBe('appear');
    expect(changes.get(starKey(makeStar('8')))).toBe('appear');
  });
});

describe('planTransitions', () => {
  const here = { distance: 100, angle: 0 };
  const there = { distance: 200, angle: 1 };

  it('fades out a star that no longer orbits, and lets one appear that did not', () => {
    const changes = new Map([
      ['gone', 'move' as const],
      ['new', 'move' as const],
      ['never', 'appear' as const],
    ]);
    const planned = planTransitions(changes, new Map([['gone', here]]), new Map([['new', there]]), 5);
    expect(planned).toEqual([
      { key: 'gone', change: 'fadeOut', from: here, to: null, startedAt: 5 },
      { key: 'new', change: 'appear', from: null, to: there, startedAt: 5 },
    ]);
  });
});

describe('sampleTransition (docs/product/home-and-stars.md#field-constants timings)', () => {
  const from = { distance: 100, angle: 0 };
  const to = { distance: 200, angle: 1 };
  const at = (change: Transition['change'], ms: number) =>
    sampleTransition({ key: 'k', change, from, to, startedAt: 1000 }, 1000 + ms);

  it('moves over 4000 ms', () => {
    expect(at('move', 0)).toMatchObject({ distance: 100, angle: 0, done: false });
    expect(at('move', timings.move / 2).distance).toBeCloseTo(150);
    expect(at('move', timings.move)).toMatchObject({ distance: 200, angle: 1, done: true });
    expect(at('update', timings.move)).toMatchObject({ distance: 200, done: true });
  });

  it('takes the short way round', () => {
    const wrap = sampleTransition(
      {
        key: 'k',
        change: 'move',
        from: { distance: 1, angle: 3 },
        to: { distance: 1, angle: -3 },
        startedAt: 0,
      },
      timings.move / 2,
    );
    expect(Math.abs(Math.cos(wrap.angle) - -1)).toBeLessThan(1e-9);
  });

  it('fades out over 1000 ms where the star was', () => {
    expect(at('fadeOut', timings.fade / 2)).toMatchObject({ distance: 100, opacity: 0.5, done: false });
    expect(at('fadeOut', timings.fade)).toMatchObject({ opacity: 0, done: true });
  });

  it('appears collapsed, radiates, and grows after 1 s', () => {
    expect(at('appear', 0)).toMatchObject({ distance: 200, scale: 0, done: false });
    expect(at('appear', timings.growAfter).scale).toBe(0);
    expect(at('appear', timings.growAfter + timings.grow / 2).scale).toBeCloseTo(0.5);
    expect(at('appear', timings.growAfter + timings.grow).scale).toBe(1);
    expect(at('appear', timings.radiate - 1).done).toBe(false);
    expect(at('appear', timings.radiate).done).toBe(true);
  });
});
