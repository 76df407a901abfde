import { displayLastName } from '@orbit/contract';
import { useState } from 'react';
import type { UserProfile } from '../../api/types';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { useBeforeBack } from '../../ui/DialogHost';
import { TextField } from '../../ui/Field';
import styles from './Settings.module.css';
import { useSaveSetting } from './useSaveSetting';

type NameKey = 'first_name' | 'last_name';

/** A name is saved when, trimmed, it is non-empty and differs from the stored one (docs/product/account-and-safety.md#profile). */
export function nameToSave(typed: string, stored: string): string | null {
  const trimmed = typed.trim();
  return trimmed && trimmed !== stored ? trimmed : null;
}

const storedName = (profile: UserProfile, key: NameKey) =>
  key === 'last_name' ? displayLastName(profile.last_name) : (profile.first_name ?? '');

/** First and last name: saved on Enter and when going back; disabled with an identity provider. */
export function NameFields({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const save = useSaveSetting();
  const [typed, setTyped] = useState<Record<NameKey, string>>({
    first_name: storedName(profile, 'first_name'),
    last_name: storedName(profile, 'last_name'),
  });
  const disabled = Boolean(profile.identity_provider);

  const saveName = async (key: NameKey) => {
    const value = nameToSave(typed[key], storedName(profile, key));
    if (value === null) return;
    const change = key === 'first_name' ? { first_name: value } : { last_name: value };
    await save(change, T.settingName, T.unableToSaveName);
  };
  useBeforeBack(async () => {
    if (disabled) return true;
    await saveName('first_name');
    await saveName('last_name');
    return true;
  });

  const input = (key: NameKey, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={key}
      autoComplete={autoComplete}
      value={typed[key]}
      disabled={disabled}
      hint={disabled ? t(T.managedByProvider) : null}
      onChange={(event) => setTyped({ ...typed, [key]: event.target.value })}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void saveName(key);
      }}
      onBlur={() => void saveName(key)}
    />
  );
  return (
    <div className={styles.pair}>
      {input('first_name', t(T.firstName), 'given-name')}
      {input('last_name', t(T.lastName), 'family-name')}
    </div>
  );
}
