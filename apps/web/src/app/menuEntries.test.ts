import { OrgRole } from '@orbit/contract';
import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES, type MenuEntry, visibleMenuEntries } from './menuEntries';

const org = (roles: number[]) => ({ id: 1, name: 'Org', org_roles: roles });
const ids = (entries: MenuEntry[]) => entries.map((entry) => entry.id);

describe('side menu entries', () => {
  it('lists the spec entries in order and shows only the built ones', () => {
    expect(ids([...MENU_ENTRIES])).toEqual([
      'home',
      'search',
      'privateRequest',
      'privateMessages',
      'inactive',
      'history',
      'createCommunity',
      'admin',
      'settings',
      'remote',
      'logout',
    ]);
    expect(ids(visibleMenuEntries(MENU_ENTRIES, { organizations: [] }))).toEqual([
      'home',
      'search',
      'privateRequest',
      'privateMessages',
      'inactive',
      'history',
      'settings',
      'logout',
    ]);
  });

  it('shows create community only when the first organisation lists role 2', () => {
    const entries = MENU_ENTRIES.map((entry) => ({ ...entry, available: true }));
    const shown = (organizations: ReturnType<typeof org>[]) =>
      ids(visibleMenuEntries(entries, { organizations })).includes('createCommunity');
    expect(shown([org([OrgRole.ADMIN])])).toBe(true);
    expect(shown([org([OrgRole.MEMBER]), org([OrgRole.ADMIN])])).toBe(false);
    expect(shown([])).toBe(false);
  });

  it('shows the admin screens to organisation admins (role 2) only', () => {
    const shown = (roles: number[]) =>
      ids(visibleMenuEntries(MENU_ENTRIES, { organizations: [org(roles)] })).includes('admin');
    expect(shown([OrgRole.ADMIN, OrgRole.MEMBER])).toBe(true);
    expect(shown([OrgRole.MEMBER])).toBe(false);
  });

  it('shows the admin screens to an admin of any of the member’s organisations', () => {
    const shown = (organizations: ReturnType<typeof org>[]) =>
      ids(visibleMenuEntries(MENU_ENTRIES, { organizations })).includes('admin');
    expect(shown([org([OrgRole.MEMBER]), org([OrgRole.ADMIN])])).toBe(true);
    expect(shown([org([OrgRole.MEMBER])])).toBe(false);
  });
});
