import { ErrorCode, GENERIC_ERROR_TEXT } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './client';
import { refusalOf, refusalText, refusedWith } from './errors';

const refused = (code: string, status = 400) => new ApiError(status, code, 'x', null);

describe('refusals through the error catalogue', () => {
  it('reads a catalogue code, and nothing from a failure that is not a refusal of the catalogue', () => {
    expect(refusalOf(refused(ErrorCode.kicked, 403))).toBe(ErrorCode.kicked);
    expect(refusedWith(refused(ErrorCode.kicked, 403), ErrorCode.kicked)).toBe(true);
    expect(refusedWith(refused(ErrorCode.not_found, 404), ErrorCode.kicked)).toBe(false);
    expect(refusalOf(new ApiError(0, NETWORK_ERROR, 'offline', null))).toBeNull();
    expect(refusalOf(refused('from_a_newer_server'))).toBeNull();
    expect(refusalOf(new Error('boom'))).toBeNull();
  });

  it("gives the catalogue's text for a refusal the screen explains, and the screen's own text otherwise", () => {
    const explained = [ErrorCode.post_max_size];
    expect(refusalText(refused(ErrorCode.post_max_size), explained, 'fallback')).toBe('stream.post_max_size');
    expect(refusalText(refused(ErrorCode.kicked, 403), explained, 'fallback')).toBe('fallback');
    expect(refusalText(refused(ErrorCode.empty_post), [ErrorCode.empty_post], 'fallback')).toBe(
      GENERIC_ERROR_TEXT,
    );
  });
});
