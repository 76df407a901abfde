import { OrgRole } from '@orbit/contract';
import type { Profiles } from '../api/types';
import { T } from '../i18n/texts';

export type MenuEntryId =
  | 'home'
  | 'search'
  | 'privateRequest'
  | 'privateMessages'
  | 'inactive'
  | 'history'
  | 'createCommunity'
  | 'admin'
  | 'settings'
  | 'remote'
  | 'logout';

export interface MenuEntry {
  id: MenuEntryId;
  label: string;
  /** False until the feature behind the entry is built; the entry is hidden meanwhile. */
  available: boolean;
  /**
   * Who sees it: 'first' when the first organisation lists role 2 (create community, docs/product/communities.md#create); 'any' when
   * one of the member's organisations does (the admin screens serve each organisation the member runs).
   */
  needsOrgAdmin?: 'first' | 'any';
}

/** The side menu's entries in the spec's order (docs/product/home-and-stars.md#side-menu): the one list later features switch on. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { id: 'home', label: T.home, available: true },
  { id: 'search', label: T.search, available: true },
  { id: 'privateRequest', label: T.privateRequest, available: true },
  { id: 'privateMessages', label: T.privateMessages, available: true },
  { id: 'inactive', label: T.inactive, available: true },
  { id: 'history', label: T.history, available: true },
  { id: 'createCommunity', label: T.createCommunity, available: true, needsOrgAdmin: 'first' },
  // Not in the spec's menu: the admin screens of organisation admins (role 2), placed beside create community.
  { id: 'admin', label: T.adminTitle, available: true, needsOrgAdmin: 'any' },
  { id: 'settings', label: T.settings, available: true },
  { id: 'remote', label: T.remote, available: false },
  { id: 'logout', label: T.logout, available: true },
];

/** The home view's header buttons that open a feature; shown disabled until it is built. */
export const HOME_BUTTONS = { privateMessages: true, notifications: true } as const;

export function isOrgAdmin(profiles: Pick<Profiles, 'organizations'>): boolean {
  return profiles.organizations[0]?.org_roles?.includes(OrgRole.ADMIN) ?? false;
}

const adminOfAny = (profiles: Pick<Profiles, 'organizations'>) =>
  profiles.organizations.some((organization) => organization.org_roles?.includes(OrgRole.ADMIN));

export function visibleMenuEntries(
  entries: readonly MenuEntry[],
  profiles: Pick<Profiles, 'organizations'>,
): MenuEntry[] {
  const admin = { first: isOrgAdmin(profiles), any: adminOfAny(profiles) };
  return entries.filter((entry) => entry.available && (!entry.needsOrgAdmin || admin[entry.needsOrgAdmin]));
}
