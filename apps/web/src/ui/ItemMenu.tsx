import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import styles from './ItemMenu.module.css';

export interface ItemMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEdit?: () => void;
  onDelete?: () => void;
  label: string;
}

/**
 * The edit and delete menu of a post or comment (001 §2): a button that shows on hover and focus, or the
 * long press on touch; only the actions the server allows are listed, and none means no menu.
 */
export function ItemMenu({ open, onOpenChange, onEdit, onDelete, label }: ItemMenuProps) {
  const { t } = useTranslation();
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector('button')?.focus();
    const close = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open, onOpenChange]);

  if (!onEdit && !onDelete) return null;
  const run = (action: () => void) => () => {
    onOpenChange(false);
    action();
  };
  return (
    <div className={styles.menuWrap}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.menuButton}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => onOpenChange(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div
          ref={menuRef}
          role="menu"
          className={styles.menu}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            onOpenChange(false);
            buttonRef.current?.focus();
          }}
        >
          {onEdit && (
            <button type="button" role="menuitem" className={styles.menuItem} onClick={run(onEdit)}>
              {t(T.feedEdit)}
            </button>
          )}
          {onDelete && (
            <button type="button" role="menuitem" className={styles.menuItem} onClick={run(onDelete)}>
              {t(T.feedDelete)}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
