import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { TextField } from '../../ui/Field';

/** "Email or username", as sign-in reads it: the sign-in form's and the forgot-password form's field. */
export function IdentityField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t(T.identity)}
      name="identity"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
    />
  );
}
