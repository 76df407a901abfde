import { ErrorCode, errorTextKey } from '@orbit/contract';
import { isApiError } from '../../api/client';
import { T } from '../../i18n/texts';

/** The refusals whose text the spec words for registration (docs/product/account-and-safety.md#registration); its client matches a code containing one. */
const WORDED: readonly ErrorCode[] = [ErrorCode.email_already_in_use, ErrorCode.identity_not_available];

/**
 * The registration failure text, built from the answer's errors list (docs/product/account-and-safety.md#notification-level): a code containing
 * email_already_in_use or identity_not_available has the catalogue's text, otherwise the server's message,
 * and "Check browsers console log" when there is nothing to show.
 */
export function registrationErrorText(error: unknown): string {
  if (!isApiError(error)) return T.checkConsole;
  const entries: { code: string; message: string }[] = error.body?.errors?.length
    ? error.body.errors
    : [{ code: error.code, message: error.body?.message ?? '' }];
  for (const entry of entries) {
    const worded = WORDED.find((code) => entry.code.includes(code));
    if (worded) return errorTextKey(worded);
  }
  const message = entries.find((entry) => entry.message)?.message;
  return message || T.checkConsole;
}
