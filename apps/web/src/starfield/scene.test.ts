import { StarType } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { makeStar } from '../test/stars';
import { seededRandom } from './random';
import { frameOf, openingScene, refreshScene, settleScene } from './scene';

const me = makeStar('99', { star_type: StarType.ME, zone: 0 });
const key = (id: string, type: number = StarType.FRIEND) => `${id}:${type}`;

describe('scene', () => {
  it('leaves the own star and inactive stars out of the orbits', () => {
    const scene = openingScene([], [me, makeStar('1'), makeStar('2', { zone: 4 })], seededRandom(1), 0);
    expect(scene.items.map((item) => item.key)).toEqual([key('1')]);
  });

  it('opens with the change since the set last served: new stars appear, the rest stay put', () => {
    const last = [me, makeStar('1'), makeStar('2')];
    const scene = openingScene(last, [me, makeStar('1'), makeStar('3')], seededRandom(2), 0);
    expect(scene.transitions.get(key('1'))?.change).toBe('move');
    expect(scene.transitions.get(key('3'))?.change).toBe('appear');
    expect(scene.transitions.get(key('2'))?.change).toBe('fadeOut');
    const stay = scene.transitions.get(key('1'));
    expect(stay?.from).toEqual(stay?.to && { ...stay.from, ...stay.to });
    expect(scene.items.map((item) => item.key).sort()).toEqual([key('1'), key('2'), key('3')]);
  });

  it('drops a faded star once its fade is over', () => {
    const first = openingScene([], [makeStar('1'), makeStar('2')], seededRandom(3), 0);
    const next = refreshScene(settleScene(first, 10_000), [makeStar('1')], seededRandom(3), 10_000);
    expect(next.items).toHaveLength(2);
    expect(frameOf(next, key('2'), 10_500).opacity).toBeCloseTo(0.5);
    expect(settleScene(next, 11_000).items.map((item) => item.key)).toEqual([key('1')]);
    const settled = settleScene(next, 14_000);
    expect(settled.transitions.size).toBe(0);
    expect(frameOf(settled, key('1'), 14_000)).toMatchObject({ scale: 1, opacity: 1, done: true });
  });
});
