import { type FormEvent, useState } from 'react';
import { useMe, useSocialSync } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import { TextField } from '../../ui/Field';
import { showError } from '../../ui/popup';
import styles from './Settings.module.css';

/**
 * Social-network sync (docs/product/account-and-safety.md#identity-provider, #sign-in PUT /fb/user): the account id and token the provider's sign-in gave,
 * checked by the server with the provider. Linked, the names and password are the provider's (docs/product/account-and-safety.md#identity-provider).
 */
export function SocialSyncDialog() {
  const { t } = useTranslation();
  const profile = useMe();
  const sync = useSocialSync();
  const [form, setForm] = useState({ userId: profile?.user_identity ?? '', token: '' });
  const ready = form.userId.trim() !== '' && form.token.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    try {
      await sync.mutateAsync({ user_id: form.userId.trim(), access_token: form.token.trim() });
    } catch {
      return showError(T.unableToUpdateTheProfile, T.pleaseTryAgain);
    }
    await dialogBack();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {profile?.user_identity && profile.identity_provider && (
        <p className={styles.muted}>{t(T.socialLinked, { 0: profile.user_identity })}</p>
      )}
      <TextField
        label={t(T.socialAccountId)}
        name="social_user_id"
        autoComplete="off"
        maxLength={64}
        value={form.userId}
        onChange={(event) => setForm({ ...form, userId: event.target.value })}
      />
      <TextField
        label={t(T.socialAccessToken)}
        type="password"
        name="social_access_token"
        autoComplete="off"
        maxLength={4096}
        value={form.token}
        onChange={(event) => setForm({ ...form, token: event.target.value })}
      />
      <Button type="submit" block disabled={!ready || sync.isPending}>
        {t(T.socialSyncNow)}
      </Button>
    </form>
  );
}
