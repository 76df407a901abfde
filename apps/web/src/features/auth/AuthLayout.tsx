import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { T } from '../../i18n/texts';
import styles from './AuthLayout.module.css';

export interface AuthLayoutProps {
  title: string;
  /** The form's submit; without it the card only shows its children (a message, no form). */
  onSubmit?: () => void;
  error?: string | null;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame of the signed-out screens: the brand, one form (or a message), a form-level alert and a footer link. */
export function AuthLayout({ title, onSubmit, error, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  const content = (
    <>
      <h1 className={styles.title}>{title}</h1>
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
      {children}
    </>
  );
  return (
    <main className={styles.page}>
      <div className={styles.brand}>
        <span className={styles.sun} aria-hidden="true">
          <span className={styles.moon} />
        </span>
        <p className={styles.name}>{t(T.appName)}</p>
        <p className={styles.tagline}>{t(T.tagline)}</p>
      </div>
      {onSubmit ? (
        <form className={styles.card} onSubmit={submit} noValidate>
          {content}
        </form>
      ) : (
        <div className={styles.card}>{content}</div>
      )}
      <p className={styles.footer}>{footer}</p>
    </main>
  );
}
