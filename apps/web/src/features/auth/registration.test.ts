import { ErrorCode } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { T } from '../../i18n/texts';
import { registrationErrorText } from './registrationErrors';
import { registrationProblems } from './registrationForm';

const refusal = (errors: { code: ErrorCode; message: string }[], message = '') => {
  const code = errors[0]?.code ?? ErrorCode.bad_request;
  return new ApiError(409, code, message, { error: code, message, errors });
};

describe('registration failure text', () => {
  it('maps email_already_in_use and identity_not_available to the spec texts', () => {
    expect(registrationErrorText(refusal([{ code: 'email_already_in_use', message: 'x' }]))).toBe(
      T.emailInUse,
    );
    expect(registrationErrorText(refusal([{ code: 'identity_not_available', message: 'x' }]))).toBe(
      T.userExists,
    );
  });

  it('otherwise shows the message, and falls back to "Check browsers console log"', () => {
    expect(registrationErrorText(refusal([{ code: 'invalid_password', message: 'Too weak' }]))).toBe(
      'Too weak',
    );
    expect(registrationErrorText(new ApiError(500, 'internal', '', null))).toBe(T.checkConsole);
    expect(registrationErrorText(new Error('offline'))).toBe(T.checkConsole);
  });
});

describe('registration form', () => {
  const valid = {
    email: 'ada@example.com',
    username: 'ada_l',
    password: 'Orbit-pass-1',
    confirm: 'Orbit-pass-1',
  };

  it('accepts a valid form, with or without a username', () => {
    expect(registrationProblems(valid)).toEqual({});
    expect(registrationProblems({ ...valid, username: '' })).toEqual({});
  });

  it('uses the spec texts for username, password and confirmation', () => {
    expect(registrationProblems({ ...valid, username: 'a!' }).username).toBe(T.invalidUsername);
    expect(registrationProblems({ ...valid, password: 'short1', confirm: 'short1' }).password).toBe(
      T.invalidPassword,
    );
    expect(registrationProblems({ ...valid, password: 'ada_lOrbit1', confirm: 'ada_lOrbit1' }).password).toBe(
      T.invalidPassword,
    );
    expect(registrationProblems({ ...valid, confirm: 'Orbit-pass-2' }).confirm).toBe(T.passwordsDoNotMatch);
    expect(registrationProblems({ ...valid, email: 'nope' }).email).toBe(T.invalidEmail);
  });
});
