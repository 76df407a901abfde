import { ErrorCode } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { T } from '../../i18n/texts';
import { checkAvatarName } from './avatarName';
import { squareCrop } from './crop';
import { nameToSave } from './NameFields';
import { passwordChangeFailure, passwordChangeProblem } from './passwordChange';

describe('first and last name', () => {
  it('is saved only when, trimmed, it is non-empty and changed', () => {
    expect(nameToSave('  Ada ', 'Grace')).toBe('Ada');
    expect(nameToSave('Ada', 'Ada')).toBeNull();
    expect(nameToSave('   ', 'Ada')).toBeNull();
  });
});

describe('avatar name', () => {
  it('closes on an unchanged name, refuses an invalid one, else checks availability', () => {
    expect(checkAvatarName(' StarDana ', 'StarDana')).toEqual({ kind: 'unchanged' });
    expect(checkAvatarName('', null)).toEqual({ kind: 'unchanged' });
    expect(checkAvatarName('no way', 'x')).toEqual({ kind: 'invalid', problem: T.invalidAvatarName });
    expect(checkAvatarName('a'.repeat(17), 'x')).toEqual({ kind: 'invalid', problem: T.invalidAvatarName });
    expect(checkAvatarName('a'.repeat(16), 'x')).toEqual({ kind: 'candidate', name: 'a'.repeat(16) });
  });
});

describe('change password', () => {
  const form = { old: 'Old-pass-1', next: 'New-pass-22', confirm: 'New-pass-22' };

  it('uses the spec texts in order: old required, match, requirements', () => {
    expect(passwordChangeProblem(form)).toBeNull();
    expect(passwordChangeProblem({ ...form, old: '' })).toBe(T.passwordIncorrect);
    expect(passwordChangeProblem({ ...form, confirm: 'New-pass-23' })).toBe(T.passwordsDontMatch);
    expect(passwordChangeProblem({ ...form, next: 'abcdefgh', confirm: 'abcdefgh' })).toBe(
      T.passwordRequirements,
    );
    expect(passwordChangeProblem({ ...form, next: 'ada-1234', confirm: 'ada-1234' }, 'ada')).toBe(
      T.passwordRequirements,
    );
  });

  it('maps the server refusal to the spec texts', () => {
    const wrongOld = new ApiError(401, ErrorCode.incorrect_password, 'x', null);
    expect(passwordChangeFailure(wrongOld)).toBe(T.passwordIncorrect);
    expect(passwordChangeFailure(new ApiError(400, ErrorCode.invalid_password, 'x', null))).toBe(
      T.passwordRequirements,
    );
    expect(passwordChangeFailure(new ApiError(500, 'internal', 'x', null))).toBe(T.popupMessage);
  });
});

describe('persona crop', () => {
  it('sends a 210 square in the scale where the crop is 210 px across', () => {
    // A 1000 x 800 image, a 400 px square cropped at (100, 50).
    const percent = { x: 10, y: 6.25, width: 40, height: 50 };
    const pixels = { x: 100, y: 50, width: 400, height: 400 };
    expect(squareCrop(percent, pixels)).toEqual({ x: 52.5, y: 26.25, s: 210, width: 525 });
  });
});
