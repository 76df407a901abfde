import { describe, expect, it } from 'vitest';
import { tokenFromLink } from './auth';

describe('the token handed in the address (docs/product/README.md#roles)', () => {
  it('is read from the fragment, and only there', () => {
    expect(tokenFromLink('#user_token=abc.def')).toBe('abc.def');
    expect(tokenFromLink('#from=app&user_token=xyz')).toBe('xyz');
    expect(tokenFromLink('')).toBeNull();
    expect(tokenFromLink('#user_token=')).toBeNull();
    expect(tokenFromLink('#other=1')).toBeNull();
  });
});
