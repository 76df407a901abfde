import { describe, expect, it } from 'vitest';
import { parseRoutePath, routePath } from './routes';

const arities = { community: 1, member: 1, search: 0, thread: 1 };

describe('the address of a dialog stack', () => {
  it('is / for home and the routes one after another', () => {
    expect(routePath([])).toBe('/');
    expect(
      routePath([
        { kind: 'community', ids: [12] },
        { kind: 'search', ids: [] },
        { kind: 'member', ids: [7] },
      ]),
    ).toBe('/community/12/search/member/7');
  });

  it('reads back the stack it was written from', () => {
    const routes = [
      { kind: 'search', ids: [] },
      { kind: 'member', ids: [7] },
      { kind: 'thread', ids: [3] },
    ];
    expect(parseRoutePath(routePath(routes), arities)).toEqual(routes);
    expect(parseRoutePath('/', arities)).toEqual([]);
    expect(parseRoutePath('/community/12/', arities)).toEqual([{ kind: 'community', ids: [12] }]);
  });

  it('opens as much of a mistyped or outdated link as it still names', () => {
    expect(parseRoutePath('/community/12/nowhere/member/7', arities)).toEqual([
      { kind: 'community', ids: [12] },
    ]);
    expect(parseRoutePath('/community/abc', arities)).toEqual([]);
    expect(parseRoutePath('/community/0', arities)).toEqual([]);
    expect(parseRoutePath('/community/-4', arities)).toEqual([]);
    expect(parseRoutePath('/community', arities)).toEqual([]);
    expect(parseRoutePath('/member/7/community/12345678901234567890', arities)).toEqual([
      { kind: 'member', ids: [7] },
    ]);
  });

  it('names no view by an inherited property', () => {
    expect(parseRoutePath('/constructor/1/toString', arities)).toEqual([]);
  });
});
