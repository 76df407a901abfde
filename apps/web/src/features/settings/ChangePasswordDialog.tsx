import { LIMITS } from '@orbit/contract';
import { type FormEvent, useState } from 'react';
import { validatePassword } from '../../api/account';
import { useMe, useUpdateUser } from '../../api/profiles';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import { TextField } from '../../ui/Field';
import { showAlert } from '../../ui/popup';
import { type PasswordChangeForm, passwordChangeFailure, passwordChangeProblem } from './passwordChange';
import styles from './Settings.module.css';

const EMPTY: PasswordChangeForm = { old: '', next: '', confirm: '' };

/** Old, new and confirm; checked here, then by POST /user/validate_password, then saved by PUT /user. */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const profile = useMe();
  const update = useUpdateUser();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordChangeProblem(form, profile?.username ?? profile?.alias);
    setProblem(found);
    if (found) return;
    try {
      if (!(await validatePassword(form.next)).valid) return setProblem(T.passwordRequirements);
      await update.mutateAsync({ password_old: form.old, password_new: form.next });
    } catch (error) {
      return setProblem(passwordChangeFailure(error));
    }
    setForm(EMPTY);
    showAlert({ title: T.passwordChanged, message: T.passwordChangedMessage, dismiss: T.close });
    await dialogBack();
  };

  const field = (key: keyof PasswordChangeForm, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      name={key}
      autoComplete={autoComplete}
      maxLength={LIMITS.passwordInputMax}
      value={form[key]}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
    />
  );
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {field('old', t(T.oldPassword), 'current-password')}
      {field('next', t(T.newPassword), 'new-password')}
      {field('confirm', t(T.confirmNewPassword), 'new-password')}
      {problem && (
        <p className={styles.error} role="alert">
          {t(problem)}
        </p>
      )}
      <p className={styles.muted}>{t(T.passwordHint)}</p>
      <Button type="submit" block disabled={update.isPending}>
        {t(T.changePassword)}
      </Button>
    </form>
  );
}
