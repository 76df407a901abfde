import { ErrorCode, LIMITS } from '@orbit/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { refusalText } from '../../api/errors';
import {
  setUpTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useTwoFactorStatus,
} from '../../api/security';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { dialogBack } from '../../ui/dialogStore';
import { TextField } from '../../ui/Field';
import { confirmDone } from '../../ui/toast';
import styles from './Settings.module.css';

/** The refusals these forms explain in words; anything else reads as the generic popup text. */
const EXPLAINED = [ErrorCode.incorrect_password, ErrorCode.invalid_code, ErrorCode.two_factor_not_set_up];
const problemOf = (error: unknown) => refusalText(error, EXPLAINED, T.popupMessage);

/** The key as an app's "enter a setup key" screen shows it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The QR code of the otpauth URL, drawn in the browser (qrcode, loaded with this screen only). */
function QrCode({ url }: { url: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }))
      .then((drawn) => live && setSvg(drawn));
    return () => {
      live = false;
    };
  }, [url]);
  if (!svg) return <div className={styles.qr} />;
  return (
    <img
      className={styles.qr}
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt={t(T.twoFactorQrAlt)}
    />
  );
}

/** The current password, which setting up and turning off ask for again. */
function PasswordField(props: { value: string; error?: string | null; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t(T.password)}
      type="password"
      name="password"
      autoComplete="current-password"
      maxLength={LIMITS.passwordInputMax}
      value={props.value}
      error={props.error}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** Off: the password starts the setup (POST /user/2fa/setup). */
function StartSetup({ onStarted }: { onStarted: (secret: string, url: string) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem(T.passwordIncorrect);
    try {
      const { secret, otpauth_url: url } = await setUpTwoFactor(password);
      onStarted(secret, url);
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.muted}>{t(T.twoFactorIntro)}</p>
      <PasswordField value={password} error={problem ? t(problem) : null} onChange={setPassword} />
      <Button type="submit" block>
        {t(T.twoFactorTurnOn)}
      </Button>
    </form>
  );
}

/** The QR code and the key, then a code from the app turns it on (POST /user/2fa/enable). */
function ConfirmCode({
  secret,
  url,
  onEnabled,
}: {
  secret: string;
  url: string;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    enable.mutate(code.trim(), { onSuccess: (answer) => onEnabled(answer.recovery_codes) });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.muted}>{t(T.twoFactorScan)}</p>
      <QrCode url={url} />
      <div>
        <p className={styles.muted}>{t(T.twoFactorSecret)}</p>
        <p className={styles.secret}>{grouped(secret)}</p>
      </div>
      <TextField
        label={t(T.twoFactorCode)}
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={8}
        value={code}
        error={enable.isError ? t(problemOf(enable.error)) : null}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" block disabled={enable.isPending || !code.trim()}>
        {t(T.twoFactorConfirm)}
      </Button>
    </form>
  );
}

/** The recovery codes, shown this once, with copy and download. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    confirmDone(T.twoFactorCopied);
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'orbit-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className={styles.form}>
      <p className={styles.muted}>{t(T.twoFactorRecoveryHint)}</p>
      <ul className={styles.codes} aria-label={t(T.twoFactorRecoveryTitle)}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.buttonPair}>
        <Button variant="secondary" onClick={() => void copy()}>
          {t(T.twoFactorCopy)}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t(T.twoFactorDownload)}
        </Button>
      </div>
      <Button block onClick={() => void dialogBack()}>
        {t(T.twoFactorDone)}
      </Button>
    </div>
  );
}

/** On: the codes left, and turning it off with the password and a code (DELETE /user/2fa). */
function TurnOff({ codesLeft }: { codesLeft: number }) {
  const { t, tCount } = useTranslation();
  const disable = useDisableTwoFactor();
  const [form, setForm] = useState({ password: '', code: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.password || !form.code.trim()) return;
    disable.mutate(
      { password: form.password, code: form.code.trim() },
      { onSuccess: () => confirmDone(T.twoFactorTurnedOff) },
    );
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>{t(T.twoFactorTurnedOn)}</p>
      <p className={styles.muted}>{tCount(T.twoFactorCodesLeft, codesLeft)}</p>
      <PasswordField value={form.password} onChange={(password) => setForm({ ...form, password })} />
      <TextField
        label={t(T.twoFactorCodeOrRecovery)}
        name="one-time-code"
        autoComplete="one-time-code"
        maxLength={32}
        value={form.code}
        error={disable.isError ? t(problemOf(disable.error)) : null}
        onChange={(event) => setForm({ ...form, code: event.target.value })}
      />
      <Button type="submit" variant="danger" block disabled={disable.isPending}>
        {t(T.twoFactorTurnOff)}
      </Button>
    </form>
  );
}

type Stage =
  | { kind: 'status' }
  | { kind: 'confirm'; secret: string; url: string }
  | { kind: 'codes'; codes: string[] };

/** Two-factor sign-in in the settings: set up with the QR code, confirm a code, keep the codes, turn off. */
export function TwoFactorDialog() {
  const status = useTwoFactorStatus().data;
  const [stage, setStage] = useState<Stage>({ kind: 'status' });
  if (stage.kind === 'codes') return <RecoveryCodes codes={stage.codes} />;
  if (stage.kind === 'confirm') {
    return (
      <ConfirmCode
        secret={stage.secret}
        url={stage.url}
        onEnabled={(codes) => {
          confirmDone(T.twoFactorTurnedOn);
          setStage({ kind: 'codes', codes });
        }}
      />
    );
  }
  if (!status) return null;
  if (status.enabled) return <TurnOff codesLeft={status.recovery_codes_left} />;
  return <StartSetup onStarted={(secret, url) => setStage({ kind: 'confirm', secret, url })} />;
}

/** The settings row's detail: On or Off. */
export function useTwoFactorDetail(): string | undefined {
  const { t } = useTranslation();
  const status = useTwoFactorStatus().data;
  if (!status) return undefined;
  return t(status.enabled ? T.twoFactorOn : T.twoFactorOff);
}
