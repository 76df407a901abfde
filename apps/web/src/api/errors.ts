import { type ErrorCode, errorTextKey, isErrorCode } from '@orbit/contract';
import { isApiError } from './client';

/**
 * A failed call's refusal read through the contract's error catalogue (docs/decisions/0034): features ask for
 * a code by its catalogue name and take its text from there, never comparing raw strings.
 */

/** The catalogue code of the server's refusal; null for another failure (offline, no answer, unknown). */
export function refusalOf(error: unknown): ErrorCode | null {
  return isApiError(error) && isErrorCode(error.code) ? error.code : null;
}

/** Did the call fail with this refusal? */
export const refusedWith = (error: unknown, code: ErrorCode): boolean => refusalOf(error) === code;

/**
 * The catalogue's text for the refusal when it is one of those this screen explains, otherwise the screen's
 * own `fallback` (what it shows for any other failure).
 */
export function refusalText(error: unknown, explained: readonly ErrorCode[], fallback: string): string {
  const code = refusalOf(error);
  return code !== null && explained.includes(code) ? errorTextKey(code) : fallback;
}
