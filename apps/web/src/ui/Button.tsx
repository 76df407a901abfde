import type { ComponentProps } from 'react';
import { buttonCase } from '../i18n/casing';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? ''].join(' ');
  // A text label takes the buttons' one casing (i18n/casing.ts); other content is shown as it is.
  return (
    <button type={type} className={classes} {...rest}>
      {typeof children === 'string' ? buttonCase(children) : children}
    </button>
  );
}

/** A round icon button: its visible content is decorative, so it needs its own accessible label. */
export function IconButton({
  label,
  className,
  children,
  ...rest
}: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`${styles.icon} ${className ?? ''}`}
      {...rest}
    >
      {children}
    </button>
  );
}
