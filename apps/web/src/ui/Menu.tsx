import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { createContext, type ReactElement, type ReactNode, useContext, useRef } from 'react';
import { buttonCase } from '../i18n/casing';
import styles from './ItemMenu.module.css';

export interface MenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the menu (Enter, Space, the arrow down, a click); it gets aria-haspopup. */
  trigger: ReactElement;
  /** Where it opens: under its button at its end by default; the writer's opens above, from its start. */
  side?: 'top' | 'bottom';
  align?: 'start' | 'end';
  children: ReactNode;
}

/** Runs a chosen entry's action. */
const ChooseContext = createContext<(action: () => void) => void>((action) => action());

/**
 * The app's drop-down menus (an item's edit and delete, the writer's options, a new message), on Radix's menu:
 * arrow keys, Home and End move between entries, Escape closes only the menu and gives focus back to its
 * button. A chosen entry gives focus back to the button before its action runs, so that a screen the action
 * opens returns there, and an edit box it shows can take the focus without the closing menu taking it back.
 */
export function Menu({ open, onOpenChange, trigger, side = 'bottom', align = 'end', children }: MenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const chosen = useRef(false);
  const choose = (action: () => void) => {
    chosen.current = true;
    triggerRef.current?.focus();
    action();
  };
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild ref={triggerRef}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        className={styles.menu}
        side={side}
        align={align}
        sideOffset={4}
        loop
        onCloseAutoFocus={(event) => {
          if (chosen.current) event.preventDefault();
          chosen.current = false;
        }}
      >
        <ChooseContext.Provider value={choose}>{children}</ChooseContext.Provider>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

export function MenuItem({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  const choose = useContext(ChooseContext);
  return (
    <DropdownMenu.Item asChild onSelect={() => choose(onSelect)}>
      <button type="button" className={styles.menuItem}>
        {typeof children === 'string' ? buttonCase(children) : children}
      </button>
    </DropdownMenu.Item>
  );
}

/** An entry that is on or off (role menuitemcheckbox). */
export function MenuCheckItem({
  checked,
  onSelect,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  const choose = useContext(ChooseContext);
  return (
    <DropdownMenu.CheckboxItem asChild checked={checked} onSelect={() => choose(onSelect)}>
      <button type="button" className={styles.menuItem}>
        {children}
      </button>
    </DropdownMenu.CheckboxItem>
  );
}
