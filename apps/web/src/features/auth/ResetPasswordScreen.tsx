import { ErrorCode, isValidPassword } from '@orbit/contract';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/auth';
import { refusalText, refusedWith } from '../../api/errors';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { AuthLayout } from './AuthLayout';
import styles from './AuthLayout.module.css';
import { PasswordRequirements } from './PasswordRequirements';
import { passwordResetState } from './returnPath';

interface Problems {
  password?: string;
  confirm?: string;
}

/** The screen's own checks; the server checks the rules again (and the username, which it alone knows). */
function problemsOf(password: string, confirm: string): Problems {
  const problems: Problems = {};
  if (!isValidPassword(password, null)) problems.password = T.invalidPassword;
  if (confirm !== password) problems.confirm = T.passwordsDoNotMatch;
  return problems;
}

/**
 * The mailed link's screen, `/reset-password?token=...`: a new password twice, with the spec's requirements;
 * once saved, every device is signed out and the member is sent to sign in with it.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const askAgain = <Link to="/forgot-password">{t(T.forgotPasswordLink)}</Link>;

  if (!token || refusedWith(reset.error, ErrorCode.invalid_token)) {
    return (
      <AuthLayout title={t(T.resetPasswordTitle)} footer={askAgain}>
        <p className={styles.alert} role="alert">
          {t(token ? T.resetLinkInvalid : T.resetLinkMissing)}
        </p>
      </AuthLayout>
    );
  }

  const submit = () => {
    const found = problemsOf(password, confirm);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    reset.mutate(
      { token, password },
      { onSuccess: () => navigate('/signin', { replace: true, state: passwordResetState }) },
    );
  };
  const failure = reset.isError
    ? refusalText(reset.error, [ErrorCode.invalid_password, ErrorCode.common_password], T.popupMessage)
    : null;

  return (
    <AuthLayout
      title={t(T.resetPasswordTitle)}
      onSubmit={submit}
      error={failure ? t(failure) : null}
      footer={<Link to="/signin">{t(T.backToSignIn)}</Link>}
    >
      <TextField
        label={t(T.resetNewPassword)}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setProblems({ ...problems, password: undefined });
        }}
        error={problems.password ? t(problems.password) : null}
      />
      <TextField
        label={t(T.resetConfirmPassword)}
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => {
          setConfirm(event.target.value);
          setProblems({ ...problems, confirm: undefined });
        }}
        error={problems.confirm ? t(problems.confirm) : null}
      />
      <PasswordRequirements />
      <Button type="submit" block disabled={reset.isPending}>
        {t(T.savePassword)}
      </Button>
    </AuthLayout>
  );
}
