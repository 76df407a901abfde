import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../i18n';
import { Button } from './Button';
import { Layer } from './Layer';
import styles from './Popup.module.css';
import { popupContent, usePopupStore } from './popup';

/** The app's one popup: a title, a message and a dismiss line; alerts close by themselves. */
export function Popup() {
  const { t } = useTranslation();
  const current = usePopupStore((s) => s.current);
  const close = usePopupStore((s) => s.close);
  const titleId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!current) return;
    // A popup that follows another one takes the focus too; where it goes back to is the Layer's.
    buttonRef.current?.focus();
    const timer = current.autoCloseMs ? setTimeout(close, current.autoCloseMs) : null;
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [current, close]);

  if (!current) return null;
  const content = popupContent(current, (key, values) => t(key, values ?? {}));
  return (
    <div className={styles.backdrop}>
      <Layer
        className={styles.popup}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        initialFocus={buttonRef}
        onEscape={close}
      >
        <h2 id={titleId} className={styles.title}>
          {content.title}
        </h2>
        <p className={styles.message}>{content.message}</p>
        <Button ref={buttonRef} variant="secondary" block onClick={close}>
          {content.dismiss}
        </Button>
      </Layer>
    </div>
  );
}
