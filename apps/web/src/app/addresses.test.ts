import { describe, expect, it } from 'vitest';
import { ADDRESSES } from './addresses';

describe('the addressed views', () => {
  it('each open with the route their address reads', () => {
    for (const address of ADDRESSES) {
      const ids = Array.from({ length: address.ids }, (_, index) => index + 5);
      expect(address.view(ids).route).toEqual({ kind: address.kind, ids });
    }
  });

  it('have kinds of their own, apart from the app pages', () => {
    const kinds = ADDRESSES.map((address) => address.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).not.toContain('signin');
    expect(kinds).not.toContain('register');
  });
});
