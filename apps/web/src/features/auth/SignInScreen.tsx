import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLogin } from '../../api/auth';
import { isApiError } from '../../api/client';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { lazyScreen } from '../../ui/lazyScreen';
import { AuthLayout } from './AuthLayout';
import styles from './AuthLayout.module.css';
import { IdentityField } from './IdentityField';
import { usePasswordJustReset, useReturnPath } from './returnPath';

// Shown only to a member with two-factor sign-in, after their password: not part of the first screen's code.
const TwoFactorStep = lazyScreen(() => import('./TwoFactorStep').then((m) => m.TwoFactorStep));

function signInErrorText(error: unknown): string {
  if (isApiError(error, 401) || isApiError(error, 400)) return T.invalidCredentials;
  if (isApiError(error, 429)) return T.rateLimited;
  if (isApiError(error) && error.status !== 0 && error.status < 500) return error.message;
  return T.popupMessage;
}

export function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const justReset = usePasswordJustReset();
  const login = useLogin();
  const [identity, setIdentity] = useState('');
  const [password, setPassword] = useState('');
  // With two-factor sign-in on, the right password answers a challenge that a code then answers.
  const [challenge, setChallenge] = useState<string | null>(null);
  const signedIn = () => navigate(returnPath, { replace: true });

  const submit = () => {
    if (!identity.trim() || !password) return;
    login.mutate(
      { identity: identity.trim(), password },
      {
        onSuccess: (answer) =>
          'challenge_token' in answer ? setChallenge(answer.challenge_token) : signedIn(),
      },
    );
  };

  if (challenge) {
    const restart = () => {
      setChallenge(null);
      setPassword('');
      login.reset();
    };
    return <TwoFactorStep challengeToken={challenge} onSignedIn={signedIn} onRestart={restart} />;
  }

  return (
    <AuthLayout
      title={t(T.signInTitle)}
      onSubmit={submit}
      error={login.isError ? t(signInErrorText(login.error)) : null}
      footer={
        <>
          {t(T.noAccount)}
          <Link to="/register">{t(T.createAccount)}</Link>
        </>
      }
    >
      {justReset && (
        <div className={styles.notice} role="status">
          <strong>{t(T.passwordSavedTitle)}</strong>
          <p className={styles.intro}>{t(T.passwordSaved)}</p>
        </div>
      )}
      <IdentityField value={identity} onChange={setIdentity} />
      <TextField
        label={t(T.password)}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <Link className={styles.aside} to="/forgot-password">
        {t(T.forgotPasswordLink)}
      </Link>
      <Button type="submit" block disabled={login.isPending || !identity.trim() || !password}>
        {t(T.signIn)}
      </Button>
    </AuthLayout>
  );
}
