import { isEmail, isValidIdentityName, isValidPassword } from '@orbit/contract';
import { T } from '../../i18n/texts';

export interface RegistrationForm {
  email: string;
  username: string;
  password: string;
  confirm: string;
}

export type RegistrationProblems = Partial<Record<keyof RegistrationForm, string>>;

/** The new-user form's checks (docs/product/account-and-safety.md#registration) with its texts; the server checks the same rules again. */
export function registrationProblems(form: RegistrationForm): RegistrationProblems {
  const problems: RegistrationProblems = {};
  const username = form.username.trim();
  if (!isEmail(form.email.trim())) problems.email = T.invalidEmail;
  if (username && !isValidIdentityName(username)) problems.username = T.invalidUsername;
  if (!isValidPassword(form.password, username || null)) problems.password = T.invalidPassword;
  if (form.confirm.trim() !== form.password.trim()) problems.confirm = T.passwordsDoNotMatch;
  return problems;
}
