import type { ComponentType } from 'react';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';
import type { Address } from '../../ui/navigation/history';

// Each screen's code loads when it is first opened, not with the app's first screen.
const Settings = lazyScreen(() => import('./SettingsView').then((m) => m.Settings));
const DevicesDialog = lazyScreen(() => import('./DevicesDialog').then((m) => m.DevicesDialog));
const PushSettings = lazyScreen(() => import('./PushSettings').then((m) => m.PushSettings));
const BlockedList = lazyScreen(() => import('./BlockedList').then((m) => m.BlockedList));

/** A settings view with no parameters, addressed by its kind. */
const view = (kind: string, title: string, Screen: ComponentType) => () => ({
  title,
  route: { kind, ids: [] },
  render: () => <Screen />,
});

const settingsView = view('settings', T.settings, Settings);
const devicesView = view('devices', T.devicesTitle, DevicesDialog);
const pushView = view('push-notifications', T.pushTitle, PushSettings);
const blockedView = view('blocked', T.blockedMembers, BlockedList);

/** Settings opens the full view when the member has an identity, otherwise the index (docs/product/account-and-safety.md#profile). */
export const openSettings = () => openDialog(settingsView());
export const openDevices = () => openDialog(devicesView());
export const openPush = () => openDialog(pushView());
export const openBlockedList = () => openDialog(blockedView());

/** The settings and its lists a link or a reload can reopen (docs/decisions/0042). */
export const SETTINGS_ADDRESSES: readonly Address[] = [
  { kind: 'settings', ids: 0, view: settingsView },
  { kind: 'devices', ids: 0, view: devicesView },
  { kind: 'push-notifications', ids: 0, view: pushView },
  { kind: 'blocked', ids: 0, view: blockedView },
];
