import { REGISTRATION_DEFAULTS, type UnitPreference } from '@orbit/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLogin, useRegister } from '../../api/auth';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { AuthLayout } from './AuthLayout';
import { registrationErrorText } from './registrationErrors';
import { type RegistrationForm, type RegistrationProblems, registrationProblems } from './registrationForm';

const EMPTY: RegistrationForm = { email: '', username: '', password: '', confirm: '' };

export function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const login = useLogin();
  const [form, setForm] = useState(EMPTY);
  const [problems, setProblems] = useState<RegistrationProblems>({});
  const [failure, setFailure] = useState<string | null>(null);

  const field = (name: keyof RegistrationForm) => ({
    name,
    value: form[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setForm({ ...form, [name]: event.target.value }),
    error: problems[name] ? t(problems[name]) : null,
  });

  const signInAfterwards = () =>
    login.mutate(
      { identity: form.email.trim(), password: form.password },
      { onSuccess: () => navigate('/', { replace: true }), onError: () => navigate('/signin') },
    );

  const submit = () => {
    const found = registrationProblems(form);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const username = form.username.trim();
    register.mutate(
      {
        email: form.email.trim(),
        password: form.password,
        ...(username ? { username } : {}),
        measurement_unit: REGISTRATION_DEFAULTS.measurement_unit as UnitPreference,
        country_code: REGISTRATION_DEFAULTS.country_code,
        timezone: REGISTRATION_DEFAULTS.timezone,
      },
      {
        onSuccess: signInAfterwards,
        onError: (error) => {
          const text = registrationErrorText(error);
          if (text === T.checkConsole) console.error('[orbit] registration failed', error);
          setFailure(text);
        },
      },
    );
  };

  return (
    <AuthLayout
      title={t(T.registerTitle)}
      onSubmit={submit}
      error={failure ? t(failure) : null}
      footer={
        <>
          {t(T.haveAccount)}
          <Link to="/signin">{t(T.signIn)}</Link>
        </>
      }
    >
      <TextField
        label={t(T.email)}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        {...field('email')}
      />
      <TextField
        label={t(T.username)}
        autoComplete="nickname"
        autoCapitalize="none"
        spellCheck={false}
        {...field('username')}
      />
      <TextField
        label={t(T.password)}
        type="password"
        autoComplete="new-password"
        hint={t(T.passwordHint)}
        {...field('password')}
      />
      <TextField
        label={t(T.confirmPassword)}
        type="password"
        autoComplete="new-password"
        {...field('confirm')}
      />
      <Button type="submit" block disabled={register.isPending || login.isPending}>
        {t(T.createAccount)}
      </Button>
    </AuthLayout>
  );
}
