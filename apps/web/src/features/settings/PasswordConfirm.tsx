import { ErrorCode } from '@orbit/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { confirmPassword } from '../../api/account';
import { refusedWith } from '../../api/errors';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import styles from './Settings.module.css';

interface PasswordFormProps {
  /** What the form is for, above the field. */
  prompt: ReactNode;
  label: string;
  submit: string;
  /** A button that destroys (the account's deletion) reads as such. */
  danger?: boolean;
  /** Sends the password; a 401 incorrect_password reads "incorrect password", any other failure the popup's line. */
  send: (password: string) => Promise<unknown>;
  onDone: () => void;
}

/** The current password asked for something it guards: the field, its error, the button. */
export function PasswordForm({ prompt, label, submit, danger, send, onDone }: PasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem(T.incorrectPassword);
    try {
      await send(password);
    } catch (error) {
      return setProblem(
        refusedWith(error, ErrorCode.incorrect_password) ? T.incorrectPassword : T.popupMessage,
      );
    }
    onDone();
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {prompt}
      <TextField
        label={label}
        type="password"
        name="current_password"
        autoComplete="current-password"
        value={password}
        error={problem ? t(problem) : null}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant={danger ? 'danger' : 'primary'} block>
        {submit}
      </Button>
    </form>
  );
}

/** Asks for the current password (POST /user/confirm_password); a 401 reads "incorrect password". */
export function PasswordConfirm({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation();
  return (
    <PasswordForm
      prompt={<p className={styles.muted}>{t(T.confirmPasswordPrompt)}</p>}
      label={t(T.password)}
      submit={t(T.confirm)}
      send={confirmPassword}
      onDone={onConfirmed}
    />
  );
}
