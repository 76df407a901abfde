import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useLogout } from '../api/auth';
import type { Profiles } from '../api/types';
import { HomeView } from '../features/home';
import { positional, type TFunction, useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import { Badge } from '../ui/Badge';
import { IconButton } from '../ui/Button';
import { DialogHost } from '../ui/DialogHost';
import { hideDialogs, useDialogStore } from '../ui/dialogStore';
import { badgeText } from '../ui/format';
import { BellIcon, ChatIcon, MenuIcon } from '../ui/icons';
import { startNavigation } from '../ui/navigation/history';
import { showError } from '../ui/popup';
import { ADDRESSES } from './addresses';
import { HOME_BUTTONS, type MenuEntryId } from './menuEntries';
import { open } from './places';
import { RealtimeStatusChip } from './RealtimeStatusChip';
import styles from './Shell.module.css';

/**
 * The side menu and its arrow-key focus (Radix) come as their own chunk, fetched as the shell mounts rather
 * than before the first screen can draw: the first-screen budget of issue 17 (150 KB gzip).
 */
const SideMenu = lazy(() => import('./SideMenu').then((module) => ({ default: module.SideMenu })));

function useLogoutAction(): () => void {
  const logout = useLogout();
  const navigate = useNavigate();
  return () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        void hideDialogs();
        navigate('/signin', { replace: true });
      },
      onError: () => showError(T.unableToLogout, T.pleaseTryAgain),
    });
}

/** The signed-in shell: the home view underneath, its header buttons, the side menu and the dialog stack. */
export function Shell({ profiles }: { profiles: Profiles }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);

  const menuButton = useRef<HTMLButtonElement>(null);
  const dialogOpen = useDialogStore((s) => s.stack.length > 0);
  const logout = useLogoutAction();
  // The dialog stack follows the address and the browser's Back and Forward while the member is signed in.
  useEffect(() => startNavigation(ADDRESSES), []);

  // Closed at once and the menu button focused, so that a screen a choice opens takes the menu button (live
  // again) as the control its focus returns to, not the entry that is gone with the menu.
  const closeMenu = () => {
    flushSync(() => setMenuOpen(false));
    menuButton.current?.focus();
  };
  const actions: Partial<Record<MenuEntryId, () => void>> = {
    home: () => {},
    search: () => open('search'),
    privateRequest: () => open('private-request'),
    privateMessages: () => open('messages'),
    inactive: () => open('inactive'),
    history: () => open('history'),
    createCommunity: () => open('create-community'),
    admin: () => open('admin'),
    settings: () => open('settings'),
    logout,
  };

  return (
    <>
      <main className={styles.home} inert={dialogOpen || menuOpen}>
        <h1 className="visually-hidden">{t(T.appName)}</h1>
        {/* Before the stars in the document, so that Tab reaches the header's buttons first. */}
        <header className={styles.bar}>
          <IconButton
            ref={menuButton}
            label={t(T.openMenu)}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <RealtimeStatusChip />
          <div className={styles.end}>
            <IconButton
              label={countLabel(t, T.privateMessages, profiles.pending_pms_qty)}
              disabled={!HOME_BUTTONS.privateMessages}
              onClick={() => open('messages')}
            >
              <ChatIcon />
              <Badge count={profiles.pending_pms_qty} />
            </IconButton>
            <IconButton
              label={countLabel(t, T.notifications, profiles.notif_qty)}
              disabled={!HOME_BUTTONS.notifications}
              onClick={() => open('notifications')}
            >
              <BellIcon />
              <Badge count={profiles.notif_qty} />
            </IconButton>
          </div>
        </header>
        <HomeView profiles={profiles} covered={dialogOpen || menuOpen} />
      </main>
      <Suspense fallback={null}>
        <SideMenu open={menuOpen} profiles={profiles} onClose={closeMenu} actions={actions} />
      </Suspense>
      <DialogHost />
    </>
  );
}

/**
 * "Notifications, 3 unread": the name starts with the button's tooltip and holds the count its badge shows
 * (WCAG 2.5.3 Label in Name), saying what it counts; the badge itself is hidden from assistive technology. Not
 * in brackets: a voice or axe's label check reads a bracketed part as an aside and skips it.
 */
function countLabel(t: TFunction, label: string, count: number): string {
  return count > 0 ? t(T.homeUnreadLabel, positional(t(label), badgeText(count))) : t(label);
}
