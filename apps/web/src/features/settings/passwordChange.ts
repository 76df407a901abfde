import { ErrorCode, passwordProblems } from '@orbit/contract';
import { isApiError } from '../../api/client';
import { refusedWith } from '../../api/errors';
import { T } from '../../i18n/texts';

export interface PasswordChangeForm {
  old: string;
  next: string;
  confirm: string;
}

/** The first problem of the change-password form, in the spec's words (docs/product/account-and-safety.md#profile), or null. */
export function passwordChangeProblem(form: PasswordChangeForm, username?: string | null): string | null {
  if (!form.old) return T.passwordIncorrect;
  if (form.next.trim() !== form.confirm.trim()) return T.passwordsDontMatch;
  if (passwordProblems(form.next, username).length > 0) return T.passwordRequirements;
  return null;
}

/** The server's refusal of PUT /user {password_old, password_new}, in the spec's words. */
export function passwordChangeFailure(error: unknown): string {
  if (isApiError(error, 401) || refusedWith(error, ErrorCode.incorrect_password)) {
    return T.passwordIncorrect;
  }
  if (isApiError(error) && error.status === 400) return T.passwordRequirements;
  return T.popupMessage;
}
