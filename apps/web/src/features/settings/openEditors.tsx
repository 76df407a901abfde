import { T } from '../../i18n/texts';
import { openDialog } from '../../ui/dialogStore';
import { AvatarEditor } from './AvatarEditor';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { ProfileEditor } from './ProfileEditor';
import { SocialSyncDialog } from './SocialSyncDialog';
import { TwoFactorDialog } from './TwoFactorDialog';

/** The settings' editors, each on the dialog stack above the settings view. */
export const openProfileEditor = () => openDialog({ title: T.profile, render: () => <ProfileEditor /> });
export const openAvatarEditor = () => openDialog({ title: T.avatar, render: () => <AvatarEditor /> });
export const openSocialSync = () =>
  openDialog({ title: T.socialNetworkSync, render: () => <SocialSyncDialog /> });
export const openTwoFactor = () => openDialog({ title: T.twoFactorTitle, render: () => <TwoFactorDialog /> });
export const openChangePassword = () =>
  openDialog({ title: T.changePassword, render: () => <ChangePasswordDialog /> });
