import { ErrorCode } from '@orbit/contract';
import { isApiError } from '../../api/client';
import { T } from '../../i18n/texts';

/**
 * The registration failure text, built from the answer's errors list (002 §8): a code containing
 * email_already_in_use or identity_not_available has its own text, otherwise the server's message,
 * and "Check browsers console log" when there is nothing to show.
 */
export function registrationErrorText(error: unknown): string {
  if (!isApiError(error)) return T.checkConsole;
  const entries = error.body?.errors?.length
    ? error.body.errors
    : [{ code: error.code, message: error.body?.message ?? '' }];
  for (const entry of entries) {
    if (entry.code.includes(ErrorCode.email_already_in_use)) return T.emailInUse;
    if (entry.code.includes(ErrorCode.identity_not_available)) return T.userExists;
  }
  const message = entries.find((entry) => entry.message)?.message;
  return message || T.checkConsole;
}
