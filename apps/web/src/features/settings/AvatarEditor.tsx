import { avatarNameOf, avatarUrl, LIMITS } from '@orbit/contract';
import { useState } from 'react';
import { checkIdentityAvailable, useAvatars } from '../../api/account';
import { useMe } from '../../api/profiles';
import type { UserProfile } from '../../api/types';
import { positional, useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { useBeforeBack } from '../../ui/DialogHost';
import { dialogBack } from '../../ui/dialogStore';
import { TextField } from '../../ui/Field';
import { checkAvatarName } from './avatarName';
import styles from './Settings.module.css';
import { useSaveSetting } from './useSaveSetting';

/** The avatar editor: the avatar name and the chosen avatar; a main view and a picker view (docs/product/account-and-safety.md#profile). */
export function AvatarEditor() {
  const profile = useMe();
  const [picking, setPicking] = useState(false);
  if (!profile) return null;
  return picking ? (
    <AvatarPicker profile={profile} onDone={() => setPicking(false)} />
  ) : (
    <AvatarMain profile={profile} onPick={() => setPicking(true)} />
  );
}

function useCommitAvatarName(profile: UserProfile, typed: string, setProblem: (p: string | null) => void) {
  const save = useSaveSetting();
  /** Resolves true when the editor may close. */
  return async (): Promise<boolean> => {
    const check = checkAvatarName(typed, profile.alias);
    if (check.kind === 'unchanged') return true;
    if (check.kind === 'invalid') {
      setProblem(check.problem);
      return false;
    }
    try {
      if (!(await checkIdentityAvailable(check.name)).available) {
        setProblem(T.avatarNameNotAvailable);
        return false;
      }
    } catch {
      setProblem(T.popupMessage);
      return false;
    }
    setProblem(null);
    return (
      (await save({ alias_remove: profile.alias ?? null, alias_add: check.name }, T.settingAvatar)) !== null
    );
  };
}

function AvatarMain({ profile, onPick }: { profile: UserProfile; onPick: () => void }) {
  const { t } = useTranslation();
  const picture = avatarUrl(profile.avatar_image);
  const [typed, setTyped] = useState(profile.alias ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const commit = useCommitAvatarName(profile, typed, setProblem);
  useBeforeBack(commit);

  return (
    <div className={styles.center}>
      <Avatar src={picture} name={typed || profile.alias || '?'} size={120} />
      <Button variant="secondary" onClick={onPick}>
        {t(T.chooseAvatar)}
      </Button>
      <form
        className={styles.form}
        style={{ width: '100%', textAlign: 'left' }}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void dialogBack();
        }}
      >
        <TextField
          label={t(T.avatarName)}
          name="avatar_name"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LIMITS.avatarName}
          value={typed}
          error={problem ? t(problem) : null}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" block>
          {t(T.save)}
        </Button>
      </form>
    </div>
  );
}

function AvatarPicker({ profile, onDone }: { profile: UserProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const avatars = useAvatars().data?.avatars ?? [];
  const save = useSaveSetting();
  // Back from the picker returns to the main view rather than closing the editor.
  useBeforeBack(() => {
    onDone();
    return false;
  });
  const choose = async (avatarId: string) => {
    if (await save({ avatar_image: avatarId }, T.settingAvatar)) onDone();
  };
  return (
    <ul className={styles.avatarGrid}>
      {avatars.map((url, index) => {
        const id = avatarNameOf(url) ?? `av${index + 1}`;
        const label = t(T.avatarOption, positional(id.replace('av', '')));
        return (
          <li key={url}>
            <button
              type="button"
              className={styles.avatarChoice}
              aria-pressed={profile.avatar_image === id}
              onClick={() => void choose(id)}
            >
              <img src={url} alt={label} loading="lazy" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
