import { LIMITS } from '@orbit/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { T } from '../../i18n/texts';
import fieldStyles from '../../ui/Field.module.css';
import styles from './Social.module.css';

/** The optional message of a friend request: a labelled box capped at the spec's 280 characters. */
export function MessageField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {t(T.requestMessage)}
      </label>
      <textarea
        id={id}
        className={`${fieldStyles.control} ${styles.message}`}
        rows={3}
        maxLength={LIMITS.message}
        placeholder={t(T.messagePlaceholder)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
