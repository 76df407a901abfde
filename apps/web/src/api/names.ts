import { displayLastName } from '@orbit/contract';
import type { UserProfile } from './types';

/** How the member is named on screen: first and last name, else the screen name or alias. */
export function displayName(profile: UserProfile): string {
  const full = [profile.first_name ?? '', displayLastName(profile.last_name)].join(' ').trim();
  return full || profile.screen_name || profile.alias || profile.username || '';
}
