import * as RovingFocus from '@radix-ui/react-roving-focus';
import { type ReactNode, useId, useRef } from 'react';
import type { Profiles } from '../api/types';
import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import { IconButton } from '../ui/Button';
import {
  ChatIcon,
  ClockIcon,
  CloseIcon,
  GearIcon,
  HomeIcon,
  LogoutIcon,
  MoonIcon,
  PlusIcon,
  RemoteIcon,
  SearchIcon,
  ShieldIcon,
  UserPlusIcon,
} from '../ui/icons';
import { Layer } from '../ui/Layer';
import { MENU_ENTRIES, type MenuEntryId, visibleMenuEntries } from './menuEntries';
import styles from './SideMenu.module.css';

/** Every entry has its icon: the record's type asks for one per entry, so a new entry cannot go without. */
const ICONS: Record<MenuEntryId, ReactNode> = {
  home: <HomeIcon />,
  search: <SearchIcon />,
  privateRequest: <UserPlusIcon />,
  privateMessages: <ChatIcon />,
  inactive: <MoonIcon />,
  history: <ClockIcon />,
  createCommunity: <PlusIcon />,
  admin: <ShieldIcon />,
  settings: <GearIcon />,
  remote: <RemoteIcon />,
  logout: <LogoutIcon />,
};

export interface SideMenuProps {
  open: boolean;
  profiles: Profiles;
  onClose: () => void;
  actions: Partial<Record<MenuEntryId, () => void>>;
}

/**
 * The slide-in menu (docs/product/home-and-stars.md#side-menu): any choice, an outside tap or Escape closes it. While open it is a modal layer
 * (Tab stays inside, focus goes back to the menu button) and the entries move with the arrow keys. The panel
 * stays mounted so that it slides out; only its content becomes a layer while open.
 */
export function SideMenu({ open, profiles, onClose, actions }: SideMenuProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const firstItem = useRef<HTMLButtonElement>(null);
  const entries = visibleMenuEntries(MENU_ENTRIES, profiles);

  const content = (
    <>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {t(T.appName)}
        </h2>
        <IconButton label={t(T.closeMenu)} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </div>
      <RovingFocus.Root asChild orientation="vertical" loop>
        <ul className={styles.list}>
          {entries.map((entry, index) => (
            <li key={entry.id}>
              <RovingFocus.Item asChild>
                <button
                  type="button"
                  ref={index === 0 ? firstItem : undefined}
                  className={`${styles.item} ${entry.id === 'logout' ? styles.logout : ''}`}
                  onClick={() => {
                    onClose();
                    actions[entry.id]?.();
                  }}
                >
                  <span className={styles.icon} aria-hidden="true">
                    {ICONS[entry.id]}
                  </span>
                  {t(entry.label)}
                </button>
              </RovingFocus.Item>
            </li>
          ))}
        </ul>
      </RovingFocus.Root>
    </>
  );

  return (
    <div className={styles.layer} data-open={open} inert={!open}>
      <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />
      <nav className={styles.panel} aria-labelledby={titleId}>
        {open ? (
          <Layer className={styles.content} initialFocus={firstItem} onEscape={onClose}>
            {content}
          </Layer>
        ) : (
          content
        )}
      </nav>
    </div>
  );
}
