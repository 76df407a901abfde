import type { ComponentProps } from 'react';
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
  ...rest
}: ButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? ''].join(' ');
  return <button type={type} className={classes} {...rest} />;
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
