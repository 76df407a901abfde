import { LIMITS } from './constants';

/** Characters the spec forbids in usernames, persona names and avatar names (docs/product/account-and-safety.md#identity-names, docs/product/account-and-safety.md#identity-names). */
const FORBIDDEN_NAME_CHARS = /[\][!@#$%^&*()+={}|;:'"<>,/?`~\s]/;

export function isValidIdentityName(name: string): boolean {
  return name.length >= LIMITS.identityMin && !FORBIDDEN_NAME_CHARS.test(name);
}

export function isValidAvatarName(name: string): boolean {
  return isValidIdentityName(name) && name.length <= LIMITS.avatarName;
}

export type PasswordProblem = 'too_short' | 'too_long' | 'contains_username' | 'too_few_classes';

/** The spec's password rule: 8..32 characters, two of three classes, not containing the username. */
export function passwordProblems(password: string, username?: string | null): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < LIMITS.passwordMin) problems.push('too_short');
  if (password.length > LIMITS.passwordMax) problems.push('too_long');
  if (username && username.length > 0 && password.toLowerCase().includes(username.toLowerCase())) {
    problems.push('contains_username');
  }
  const classes = [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 2) problems.push('too_few_classes');
  return problems;
}

export function isValidPassword(password: string, username?: string | null): boolean {
  return passwordProblems(password, username).length === 0;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** "NA" in last_name means empty (docs/product/account-and-safety.md#profile). */
export function displayLastName(lastName: string | null | undefined): string {
  return !lastName || lastName === 'NA' ? '' : lastName;
}
