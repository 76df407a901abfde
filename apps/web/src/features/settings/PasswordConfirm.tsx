import { type FormEvent, useState } from 'react';
import { confirmPassword } from '../../api/account';
import { isApiError } from '../../api/client';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import styles from './Settings.module.css';

/** Asks for the current password (POST /user/confirm_password); a 401 reads "incorrect password". */
export function PasswordConfirm({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem(T.incorrectPassword);
    try {
      await confirmPassword(password);
    } catch (error) {
      return setProblem(isApiError(error, 401) ? T.incorrectPassword : T.popupMessage);
    }
    onConfirmed();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.muted}>{t(T.confirmPasswordPrompt)}</p>
      <TextField
        label={t(T.password)}
        type="password"
        name="confirm_password"
        autoComplete="current-password"
        value={password}
        error={problem ? t(problem) : null}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" block>
        {t(T.confirm)}
      </Button>
    </form>
  );
}
