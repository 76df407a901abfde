import { LIMITS } from '@orbit/contract';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import { TextAreaField } from '../../ui/Field';
import styles from './Social.module.css';

/** The optional message of a friend request: a labelled box capped at the spec's 280 characters. */
export function MessageField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextAreaField
      label={t(T.requestMessage)}
      className={styles.message}
      rows={3}
      maxLength={LIMITS.message}
      placeholder={t(T.messagePlaceholder)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
