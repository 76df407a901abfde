import { OwnerType, UI_TIMINGS } from '@orbit/contract';
import { useState } from 'react';
import { useRegister } from '../../api/auth';
import { useAddMember, useCommunity, useNonmembers, useRemoveMember } from '../../api/communities';
import { useProfiles } from '../../api/profiles';
import { positional, useTranslation } from '../../i18n';
import { listedPersonName } from '../../i18n/names';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import layoutStyles from '../../ui/Layout.module.css';
import { type PersonFace, PersonRow } from '../../ui/PersonRow';
import { showAlert } from '../../ui/popup';
import { Rows } from '../../ui/Rows';
import { SearchBox } from '../../ui/SearchBox';
import { PasswordRequirements, registrationErrorText } from '../auth';
import styles from './Communities.module.css';
import { EMPTY_NEW_MEMBER, newMemberProblem, newMemberRegistration } from './rules';

const memberFormAlert = (title: string, message: string, values?: Record<string, string | number>) =>
  showAlert({ title, message, values, dismiss: T.ok, autoCloseMs: UI_TIMINGS.memberFormAlertAutoCloseMs });

/**
 * The add-member screen (docs/product/communities.md#members): a searchable list of non-members whose cards toggle added and removed
 * (the member themself always shows as added), and the "Add a new user" form. Add and remove failures
 * are silent (docs/product/communities.md#add-member): the card turns back.
 */
export function AddMemberScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const profiles = useProfiles().data;
  const [text, setText] = useState('');
  const nonmembers = useNonmembers(id, text).data?.users ?? [];
  const [added, setAdded] = useState<readonly PersonFace[]>([]);
  const addMember = useAddMember();
  const removeMember = useRemoveMember();
  if (!profiles) return null;
  const me = profiles.user_profile;

  const markAdded = (face: PersonFace) => setAdded((faces) => [face, ...faces]);
  const unmark = (face: PersonFace) => setAdded((faces) => faces.filter((f) => f.user_id !== face.user_id));
  const toggle = (face: PersonFace) => {
    const variables = { id, userId: face.user_id };
    if (added.some((f) => f.user_id === face.user_id)) {
      unmark(face);
      removeMember.mutate(variables, { onError: () => markAdded(face) });
    } else {
      markAdded(face);
      addMember.mutate(variables, { onError: () => unmark(face) });
    }
  };
  const addedIds = new Set(added.map((face) => face.user_id));
  const others = nonmembers.filter((user) => !addedIds.has(user.user_id));
  const meFace = { ...me, name: listedPersonName(t, { name: me.name, isMe: true }) };

  return (
    <div className={layoutStyles.stack}>
      <NewUserForm communityId={id} onAdded={markAdded} />
      <div className={layoutStyles.stack}>
        <SearchBox label={t(T.searchField)} onSearch={setText} />
        <Rows label={t(T.addAMember)} empty={t(T.noResults)}>
          {[
            <AddedCard key={me.user_id} face={meFace} added />,
            ...added.map((face) => (
              <AddedCard key={face.user_id} face={face} added onToggle={() => toggle(face)} />
            )),
            ...others.map((face) => (
              <AddedCard key={face.user_id} face={face} added={false} onToggle={() => toggle(face)} />
            )),
          ]}
        </Rows>
      </div>
    </div>
  );
}

/** A card that toggles between added and not; the member's own card stays added. */
function AddedCard({ face, added, onToggle }: { face: PersonFace; added: boolean; onToggle?: () => void }) {
  const { t } = useTranslation();
  return (
    <PersonRow face={face}>
      <Button
        variant={added ? 'secondary' : 'primary'}
        aria-pressed={added}
        aria-label={`${t(added ? T.communityAdded : T.communityAdd)} ${face.name}`}
        disabled={!onToggle}
        onClick={onToggle}
      >
        {t(added ? T.communityAdded : T.communityAdd)}
      </Button>
    </PersonRow>
  );
}

/** The organisation a new member registers into: the community's, or the expert's first. */
function useOrganizationOf(communityId: number): number | null {
  const community = useCommunity(communityId).data;
  const organizations = useProfiles().data?.organizations ?? [];
  if (community?.owner_type === OwnerType.ORGANIZATION) return community.owner_id;
  return organizations[0]?.id ?? null;
}

/**
 * "Add a new user" (docs/product/communities.md#add-member): username or email of 3 characters or more, an optional password that must be
 * valid when given (blank: the server generates one), and its confirmation; alerts close after 2 s.
 */
function NewUserForm({ communityId, onAdded }: { communityId: number; onAdded: (face: PersonFace) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY_NEW_MEMBER);
  const organizationId = useOrganizationOf(communityId);
  const register = useRegister();
  const addMember = useAddMember();

  const submit = async () => {
    const problem = newMemberProblem(form);
    if (problem) return memberFormAlert(T.addANewUser, problem);
    let userId: number;
    try {
      userId = (await register.mutateAsync(newMemberRegistration(form, organizationId))).user_id;
    } catch (error) {
      return memberFormAlert(T.addANewUser, registrationErrorText(error));
    }
    const name = form.identity.trim();
    addMember.mutate(
      { id: communityId, userId },
      {
        onSuccess: () => {
          onAdded({ user_id: userId, name, image_url: null, avatar_image: null });
          memberFormAlert(T.addANewUser, T.userAdded, positional(name));
        },
      },
    );
    setForm(EMPTY_NEW_MEMBER);
  };

  return (
    <details className={styles.panel}>
      <summary className={styles.panelTitle}>{t(T.addANewUser)}</summary>
      <form
        className={layoutStyles.form}
        aria-label={t(T.addANewUser)}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t(T.usernameOrEmail)}
          value={form.identity}
          autoComplete="off"
          onChange={(event) => setForm({ ...form, identity: event.target.value })}
        />
        <TextField
          label={t(T.passwordOptional)}
          type="password"
          value={form.password}
          autoComplete="new-password"
          hint={t(T.passwordGenerated)}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        <TextField
          label={t(T.confirmPassword)}
          type="password"
          value={form.confirm}
          autoComplete="new-password"
          onChange={(event) => setForm({ ...form, confirm: event.target.value })}
        />
        <PasswordRequirements />
        <div className={layoutStyles.buttons}>
          <Button type="submit">{t(T.communityAdd)}</Button>
        </div>
      </form>
    </details>
  );
}
