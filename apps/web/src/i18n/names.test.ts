import { EN_US, translate } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import type { TFunction } from './index';
import { listedPersonName, personName } from './names';

const t: TFunction = (key, values) => translate(EN_US, key, ...Object.values(values ?? {}));

describe('the one display-name rule', () => {
  it('names me "You" and everyone else by the name the server presents', () => {
    expect(personName(t, { name: 'ada.p', isMe: true })).toBe('You');
    expect(personName(t, { name: 'amara.n', isMe: false })).toBe('amara.n');
  });

  it('keeps my name beside "You" in a list of people', () => {
    expect(listedPersonName(t, { name: 'ada.p', isMe: true })).toBe('ada.p (You)');
    expect(listedPersonName(t, { name: 'amara.n', isMe: false })).toBe('amara.n');
  });
});
