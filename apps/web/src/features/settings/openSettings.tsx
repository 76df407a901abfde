import type { Profiles } from '../../api/types';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { lazyScreen } from '../../ui/lazyScreen';

// Each screen's code loads when it is first opened, not with the app's first screen.
const SettingsIndex = lazyScreen(() => import('./SettingsView').then((m) => m.SettingsIndex));
const SettingsView = lazyScreen(() => import('./SettingsView').then((m) => m.SettingsView));

/** Settings opens the full view when the member has an identity, otherwise the index (000 §2.2). */
export function openSettings(profiles: Profiles): void {
  openDialog({
    title: T.settings,
    render: () => (profiles.settings_profile.has_identity ? <SettingsView /> : <SettingsIndex />),
  });
}
