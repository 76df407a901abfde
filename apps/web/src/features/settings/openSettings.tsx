import type { Profiles } from '../../api/types';
import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { SettingsIndex, SettingsView } from './SettingsView';

/** Settings opens the full view when the member has an identity, otherwise the index (000 §2.2). */
export function openSettings(profiles: Profiles): void {
  openDialog({
    title: T.settings,
    render: () => (profiles.settings_profile.has_identity ? <SettingsView /> : <SettingsIndex />),
  });
}
