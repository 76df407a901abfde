import { avatarUrl, type CommunityEntry, type CommunityIdentity } from '@orbit/contract';
import { useRef, useState } from 'react';
import { memberPicture } from '../../api/account';
import { useJoinCommunity } from '../../api/communities';
import { useProfiles, useUpdateUser } from '../../api/profiles';
import type { UserProfile } from '../../api/types';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { useBeforeBack } from '../../ui/DialogHost';
import { dialogBack } from '../../ui/dialogStore';
import { TextField } from '../../ui/Field';
import layoutStyles from '../../ui/Layout.module.css';
import listStyles from '../../ui/List.module.css';
import { showError } from '../../ui/popup';
import styles from './Communities.module.css';
import {
  defaultIdentity,
  firstJoinStep,
  type JoinStep,
  madnessJoinEnabled,
  namesOf,
  nameUpdates,
  stepAfterTerms,
} from './rules';

type Join = (identity: CommunityIdentity) => Promise<void>;

/**
 * The join flow (docs/product/communities.md#join): the terms popup of a community with terms, then (generic terms, or no terms at
 * all) the identity popup; POST /join/community/ with role 4. Joining closes the flow.
 */
export function JoinFlow({ entry, onJoined }: { entry: CommunityEntry; onJoined: () => void }) {
  const profiles = useProfiles().data;
  const first = firstJoinStep(entry.tc_kind);
  const [step, setStep] = useState<JoinStep>(first);
  const joined = useRef(false);
  const joinMutation = useJoinCommunity();

  // Back from the identity popup returns to the terms it followed.
  useBeforeBack(() => {
    if (joined.current || step === first) return true;
    setStep(first);
    return false;
  });

  if (!profiles) return null;
  const me = profiles.user_profile;
  const join: Join = async (identity) => {
    try {
      await joinMutation.mutateAsync({ id: entry.id, identity, acceptedTerms: entry.tc_kind !== null });
    } catch {
      showError(T.unableToJoinCommunity);
      return;
    }
    joined.current = true;
    await dialogBack();
    onJoined();
  };
  const initialIdentity = defaultIdentity(profiles.settings_profile.privacy_setting);

  const afterTerms = () =>
    stepAfterTerms(step) === 'identity' ? setStep('identity') : void join(initialIdentity);

  if (step === 'identity') return <IdentityChoice me={me} initial={initialIdentity} onJoin={join} />;
  if (step === 'madnessTerms') return <MadnessTerms entry={entry} me={me} onJoin={afterTerms} />;
  return <GenericTerms entry={entry} onAccepted={afterTerms} />;
}

function TermsLink({ entry }: { entry: CommunityEntry }) {
  const { t } = useTranslation();
  if (!entry.tc_link) return null;
  return (
    <a className={styles.linkButton} href={entry.tc_link} target="_blank" rel="noopener noreferrer">
      {t(T.readTerms)}
    </a>
  );
}

function AcceptedBox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {t(T.termsAccepted)}
    </label>
  );
}

/** Generic terms: the accepted box, then the identity popup. */
function GenericTerms({ entry, onAccepted }: { entry: CommunityEntry; onAccepted: () => void }) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  return (
    <section className={layoutStyles.stack} aria-label={t(T.genericTerms)}>
      <h3 className={listStyles.sectionTitle}>{t(T.genericTerms)}</h3>
      <TermsLink entry={entry} />
      <AcceptedBox checked={accepted} onChange={setAccepted} />
      <div className={layoutStyles.buttons}>
        <Button disabled={!accepted} onClick={onAccepted}>
          {t(T.communityContinue)}
        </Button>
      </div>
    </section>
  );
}

/**
 * Madness terms: first and last name confirmed beside the accepted box; join is enabled once the box is
 * checked and both names are non-blank; changed names are saved (PUT /user) before joining.
 */
function MadnessTerms({ entry, me, onJoin }: { entry: CommunityEntry; me: UserProfile; onJoin: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ ...namesOf(me), accepted: false });
  const updateUser = useUpdateUser();
  const submit = async () => {
    try {
      for (const update of nameUpdates(me, form)) await updateUser.mutateAsync(update);
    } catch {
      showError(T.unableToSaveName);
      return;
    }
    onJoin();
  };
  return (
    <form
      className={layoutStyles.form}
      aria-label={t(T.madnessTerms)}
      onSubmit={(event) => {
        event.preventDefault();
        if (madnessJoinEnabled(form)) void submit();
      }}
    >
      <h3 className={listStyles.sectionTitle}>{t(T.madnessTerms)}</h3>
      <TermsLink entry={entry} />
      <TextField
        label={t(T.joinFirstName)}
        value={form.firstName}
        autoComplete="given-name"
        onChange={(event) => setForm({ ...form, firstName: event.target.value })}
      />
      <TextField
        label={t(T.joinLastName)}
        value={form.lastName}
        autoComplete="family-name"
        onChange={(event) => setForm({ ...form, lastName: event.target.value })}
      />
      <AcceptedBox checked={form.accepted} onChange={(accepted) => setForm({ ...form, accepted })} />
      <div className={layoutStyles.buttons}>
        <Button type="submit" disabled={!madnessJoinEnabled(form)}>
          {t(T.communityJoin)}
        </Button>
      </div>
    </form>
  );
}

/** The identity popup: appear under the persona or the avatar identity (default by privacy). */
function IdentityChoice({
  me,
  initial,
  onJoin,
}: {
  me: UserProfile;
  initial: CommunityIdentity;
  onJoin: Join;
}) {
  const { t } = useTranslation();
  const [identity, setIdentity] = useState(initial);
  const choices = [
    {
      value: 'persona' as const,
      label: t(T.identityPersona),
      name: me.username,
      picture: memberPicture(me),
    },
    {
      value: 'avatar' as const,
      label: t(T.identityAvatar),
      name: me.alias ?? me.username,
      picture: me.avatar_image ? avatarUrl(me.avatar_image) : null,
    },
  ];
  return (
    <form
      className={layoutStyles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void onJoin(identity);
      }}
    >
      <fieldset className={styles.choices}>
        <legend className={listStyles.sectionTitle}>{t(T.appearAs)}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type="radio"
              name="identity"
              className={styles.overlayInput}
              aria-label={choice.label}
              checked={identity === choice.value}
              onChange={() => setIdentity(choice.value)}
            />
            <Avatar src={choice.picture} name={choice.name} size={72} decorative />
            <span className={listStyles.sectionTitle}>{choice.label}</span>
            <span className={styles.choiceName}>{choice.name}</span>
          </label>
        ))}
      </fieldset>
      <div className={layoutStyles.buttons}>
        <Button type="submit">{t(T.communityJoin)}</Button>
      </div>
    </form>
  );
}
