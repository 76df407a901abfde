import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import listStyles from '../../ui/List.module.css';
import styles from './PasswordRequirements.module.css';

const REQUIREMENTS = [
  T.passwordRequirementLength,
  T.passwordRequirementNoUsername,
  T.passwordRequirementLetter,
  T.passwordRequirementNumber,
  T.passwordRequirementSpecial,
] as const;

/** The spec's password requirements (docs/product/feeds-and-comments.md#post-limits): 8-32 characters, no username, a letter, a number, a symbol. */
export function PasswordRequirements() {
  const { t } = useTranslation();
  return (
    <div>
      <p className={listStyles.sectionTitle}>{t(T.passwordRequirementsTitle)}</p>
      <ul className={styles.requirements}>
        {REQUIREMENTS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </div>
  );
}
