import { ErrorCode } from '@orbit/contract';
import { useState } from 'react';
import { useLoginWithCode } from '../../api/auth';
import { isApiError } from '../../api/client';
import { refusalText, refusedWith } from '../../api/errors';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { AuthLayout } from './AuthLayout';

function codeErrorText(error: unknown): string {
  if (isApiError(error, 429)) return T.rateLimited;
  return refusalText(error, [ErrorCode.invalid_code, ErrorCode.invalid_challenge], T.popupMessage);
}

/**
 * The sign-in's second step when two-factor sign-in is on: a code from the member's app, or a recovery code.
 * An expired or exhausted challenge sends the member back to the password step.
 */
export function TwoFactorStep({
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const login = useLoginWithCode();
  const [code, setCode] = useState('');
  const expired = login.isError && refusedWith(login.error, ErrorCode.invalid_challenge);

  const submit = () => {
    if (expired) return onRestart();
    if (!code.trim()) return;
    login.mutate({ challenge_token: challengeToken, code: code.trim() }, { onSuccess: onSignedIn });
  };

  return (
    <AuthLayout
      title={t(T.twoFactorSignInTitle)}
      onSubmit={submit}
      error={login.isError ? t(codeErrorText(login.error)) : null}
      footer={
        <button type="button" onClick={onRestart}>
          {t(T.twoFactorStartOver)}
        </button>
      }
    >
      <p>{t(T.twoFactorSignInHint)}</p>
      <TextField
        label={t(T.twoFactorCodeOrRecovery)}
        name="one-time-code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        required
        autoFocus
      />
      {expired ? (
        <Button type="submit" block>
          {t(T.twoFactorStartOver)}
        </Button>
      ) : (
        <Button type="submit" block disabled={login.isPending || !code.trim()}>
          {t(T.twoFactorVerify)}
        </Button>
      )}
    </AuthLayout>
  );
}
