import type { ReactNode } from 'react';
import { memberPicture } from '../../api/account';
import { useMe, useProfiles } from '../../api/profiles';
import type { UserProfile } from '../../api/types';
import { open } from '../../app/places';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { openDialog, replaceDialog } from '../../ui/dialogStore';
import { ChevronIcon } from '../../ui/icons';
import { AccountData } from './AccountData';
import { NotificationSetting } from './NotificationSetting';
import {
  openAvatarEditor,
  openChangePassword,
  openProfileEditor,
  openSocialSync,
  openTwoFactor,
} from './openEditors';
import { openPersonaEditor } from './openPersonaEditor';
import { PasswordConfirm } from './PasswordConfirm';
import { ReminderSettings, WeeklyGoalSetting } from './ReminderSettings';
import { QuietHoursSetting, WellbeingSetting } from './RestSettings';
import styles from './Settings.module.css';
import { SoundSetting } from './SoundSetting';
import { useTwoFactorDetail } from './TwoFactorDialog';

/** Privacy settings sit behind the password confirmation screen (docs/product/account-and-safety.md#profile). */
export const openPrivacy = () =>
  openDialog({
    title: T.confirmYourPassword,
    render: () => (
      <PasswordConfirm
        onConfirmed={() => replaceDialog({ title: T.privacy, render: () => <PrivacyView /> })}
      />
    ),
  });

export function SettingsRow({
  label,
  detail,
  onOpen,
}: {
  label: string;
  detail?: ReactNode;
  onOpen: () => void;
}) {
  return (
    <li>
      <button type="button" className={styles.row} onClick={onOpen}>
        <span className={styles.rowLabel}>{label}</span>
        {detail && <span className={styles.rowDetail}>{detail}</span>}
        <span className={styles.chevron} aria-hidden="true">
          <ChevronIcon />
        </span>
      </button>
    </li>
  );
}

/** The member's one name (decision 0043), with their username labelled as what it is: the handle. */
function MemberCard({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const picture = memberPicture(profile);
  return (
    <div className={styles.card}>
      <Avatar src={picture} name={profile.name} size={64} decorative />
      <div>
        <p className={styles.cardName}>{profile.name}</p>
        <p className={styles.cardAlias}>{t(T.usernameLine, positional(profile.username))}</p>
      </div>
    </div>
  );
}

/** The social-network sync row, shown only when a provider is set up (docs/product/account-and-safety.md#identity-provider, docs/decisions/0022). */
function SocialSyncRow() {
  const { t } = useTranslation();
  const profiles = useProfiles().data;
  if (!profiles?.settings_profile.social_sync) return null;
  return (
    <SettingsRow
      label={t(T.socialNetworkSync)}
      detail={profiles.user_profile.identity_provider ?? undefined}
      onOpen={openSocialSync}
    />
  );
}

/**
 * Account security (decision 0050): two-factor sign-in for members who sign in with a password, and the
 * devices signed in, for everyone.
 */
function SecurityRows({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const twoFactor = useTwoFactorDetail();
  return (
    <>
      {!profile.identity_provider && (
        <SettingsRow label={t(T.twoFactorTitle)} detail={twoFactor} onOpen={openTwoFactor} />
      )}
      <SettingsRow label={t(T.devicesTitle)} onOpen={() => open('devices')} />
    </>
  );
}

/** The privacy sections: persona, avatar, password; persona and password belong to an external provider. */
export function PrivacyView() {
  const { t } = useTranslation();
  const profile = useMe();
  if (!profile) return null;
  const external = Boolean(profile.identity_provider);
  return (
    <ul className={styles.rows}>
      {!external && <SettingsRow label={t(T.persona)} onOpen={openPersonaEditor} />}
      <SettingsRow label={t(T.avatar)} detail={profile.alias ?? undefined} onOpen={openAvatarEditor} />
      {!external && <SettingsRow label={t(T.password)} onOpen={openChangePassword} />}
    </ul>
  );
}

/** The settings around the first rows, alike with or without an identity. */
function SettingsStack({ profile, children }: { profile: UserProfile; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.stack}>
      <MemberCard profile={profile} />
      <ul className={styles.rows}>
        {children}
        <SecurityRows profile={profile} />
        <SettingsRow label={t(T.blockedMembers)} onOpen={() => open('blocked-members')} />
        <SocialSyncRow />
      </ul>
      <NotificationSetting profile={profile} />
      <ul className={styles.rows}>
        <SettingsRow label={t(T.pushTitle)} onOpen={() => open('push-settings')} />
      </ul>
      <SoundSetting />
      <ReminderSettings profile={profile} />
      <QuietHoursSetting profile={profile} />
      <WeeklyGoalSetting />
      <WellbeingSetting profile={profile} />
      <AccountData profile={profile} />
    </div>
  );
}

/**
 * The settings view: Profile and Privacy for a member with an identity of Orbit's own (`full`); without one
 * (docs/product/account-and-safety.md#profile), Profile and Password; then the rows and switches both share.
 */
function SettingsScreen({ full }: { full: boolean }) {
  const { t } = useTranslation();
  const profile = useMe();
  if (!profile) return null;
  return (
    <SettingsStack profile={profile}>
      <SettingsRow label={t(T.profile)} onOpen={openProfileEditor} />
      {full && <SettingsRow label={t(T.privacy)} onOpen={openPrivacy} />}
      {!full && !profile.identity_provider && (
        <SettingsRow label={t(T.password)} onOpen={openChangePassword} />
      )}
    </SettingsStack>
  );
}

/**
 * The full settings view (profile, privacy and notifications) for a member with an identity, otherwise the
 * index: Profile and Password, and the notification switch (docs/product/account-and-safety.md#profile, docs/product/account-and-safety.md#profile).
 */
export function Settings() {
  const profiles = useProfiles().data;
  return profiles ? <SettingsScreen full={profiles.settings_profile.has_identity} /> : null;
}
