import { useState } from 'react';
import { Link } from 'react-router';
import { useForgotPassword } from '../../api/auth';
import { isApiError } from '../../api/client';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { AuthLayout } from './AuthLayout';
import styles from './AuthLayout.module.css';
import { IdentityField } from './IdentityField';

function forgotErrorText(error: unknown): string {
  return isApiError(error, 429) ? T.rateLimited : T.popupMessage;
}

/**
 * "Forgot password?": the member names the email or username they sign in with and is told a link is on its
 * way, the same words whether or not an account matched (the server answers alike).
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [identity, setIdentity] = useState('');
  const backToSignIn = <Link to="/signin">{t(T.backToSignIn)}</Link>;

  if (forgot.isSuccess) {
    return (
      <AuthLayout title={t(T.resetLinkSentTitle)} footer={backToSignIn}>
        <p className={styles.notice} role="status">
          {t(T.resetLinkSent)}
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t(T.forgotPasswordTitle)}
      onSubmit={() => identity.trim() && forgot.mutate(identity.trim())}
      error={forgot.isError ? t(forgotErrorText(forgot.error)) : null}
      footer={backToSignIn}
    >
      <p className={styles.intro}>{t(T.forgotPasswordIntro)}</p>
      <IdentityField value={identity} onChange={setIdentity} />
      <Button type="submit" block disabled={forgot.isPending || !identity.trim()}>
        {t(T.sendResetLink)}
      </Button>
    </AuthLayout>
  );
}
