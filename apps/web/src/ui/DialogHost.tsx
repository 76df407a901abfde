import { POPUP_STACK_Z_INDEX, UI_TIMINGS } from '@orbit/contract';
import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n';
import { T } from '../i18n/texts';
import { IconButton } from './Button';
import styles from './DialogHost.module.css';
import {
  type BeforeBack,
  type DialogEntry,
  isDesktop,
  isFullscreenDialog,
  registerBeforeBack,
  useDialogStore,
} from './dialogStore';
import { BackIcon, CloseIcon } from './icons';
import { Layer } from './Layer';
import { useViewport } from './useViewport';

const DialogEntryContext = createContext<number | null>(null);

/** Lets the view on top act before it is popped, e.g. save what the member edited. */
export function useBeforeBack(handler: BeforeBack): void {
  const id = useContext(DialogEntryContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (id === null) return;
    return registerBeforeBack(id, () => latest.current());
  }, [id]);
}

/** Becomes true 25 ms after there is something to show (docs/product/home-and-stars.md#shell), so the opening transition plays. */
function useOpenedAfterDelay(hasContent: boolean): boolean {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!hasContent) {
      setOpened(false);
      return;
    }
    const timer = setTimeout(() => setOpened(true), UI_TIMINGS.dialogOpenDelayMs);
    return () => clearTimeout(timer);
  }, [hasContent]);
  return opened;
}

export function DialogHost() {
  const stack = useDialogStore((s) => s.stack);
  const hide = useDialogStore((s) => s.hide);
  const opened = useOpenedAfterDelay(stack.length > 0);
  const { width, height } = useViewport();
  if (stack.length === 0) return null;
  const fullscreen = isFullscreenDialog(width, height);
  const stage = stack.at(-1)?.stage === true && isDesktop(width);
  return (
    <div
      className={styles.layer}
      style={{ zIndex: POPUP_STACK_Z_INDEX }}
      data-opened={opened}
      data-fullscreen={fullscreen || stage}
      data-stage={stage}
    >
      <div className={styles.backdrop} aria-hidden="true" onClick={() => void hide()} />
      {stack.map((entry, index) => (
        // Keyed by depth: a view replaced in place (a confirmation for what it guarded) keeps the frame's layer
        // and so the opener focus returns to.
        // biome-ignore lint/suspicious/noArrayIndexKey: the depth is the frame's identity
        <DialogFrame key={index} entry={entry} onTop={index === stack.length - 1} />
      ))}
    </div>
  );
}

function DialogFrame({ entry, onTop }: { entry: DialogEntry; onTop: boolean }) {
  const { t } = useTranslation();
  const back = useDialogStore((s) => s.back);
  const hide = useDialogStore((s) => s.hide);
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A view replaced in place keeps the frame: its heading takes the focus as a newly opened one's does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each view the frame shows
  useEffect(() => {
    headingRef.current?.focus();
  }, [entry.id]);

  return (
    <Layer
      className={styles.dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      hidden={!onTop}
      initialFocus={headingRef}
      onEscape={() => void back()}
    >
      <header className={styles.header}>
        <IconButton label={t(T.back)} onClick={() => void back()}>
          <BackIcon />
        </IconButton>
        <h2
          id={titleId}
          ref={headingRef}
          tabIndex={-1}
          className={entry.titleIsName ? styles.name : styles.title}
        >
          {entry.heading ? entry.heading() : entry.titleIsName ? entry.title : t(entry.title)}
        </h2>
        <IconButton label={t(T.close)} onClick={() => void hide()}>
          <CloseIcon />
        </IconButton>
      </header>
      <div className={styles.body} key={entry.id}>
        <DialogEntryContext.Provider value={entry.id}>{entry.render()}</DialogEntryContext.Provider>
      </div>
    </Layer>
  );
}
