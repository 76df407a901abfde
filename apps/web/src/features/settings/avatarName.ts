import { isValidAvatarName } from '@orbit/contract';
import { T } from '../../i18n/texts';

export type AvatarNameCheck =
  | { kind: 'unchanged' }
  | { kind: 'invalid'; problem: string }
  | { kind: 'candidate'; name: string };

/** An unchanged name simply closes the editor; otherwise it must pass the avatar-name rule (docs/product/account-and-safety.md#identity-names). */
export function checkAvatarName(typed: string, current: string | null | undefined): AvatarNameCheck {
  const name = typed.trim();
  if (name === (current ?? '')) return { kind: 'unchanged' };
  if (!isValidAvatarName(name)) return { kind: 'invalid', problem: T.invalidAvatarName };
  return { kind: 'candidate', name };
}
