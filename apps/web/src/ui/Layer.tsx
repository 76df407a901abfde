import { DismissableLayer } from '@radix-ui/react-dismissable-layer';
import { FocusScope } from '@radix-ui/react-focus-scope';
import { type ComponentPropsWithoutRef, type RefObject, useState } from 'react';

export interface LayerProps extends Omit<ComponentPropsWithoutRef<'div'>, 'onKeyDown'> {
  /** Escape reaches only the innermost open layer: a menu, then a preview or a popup, then one dialog step. */
  onEscape: () => void;
  /** A modal layer keeps Tab inside (it wraps) and gives focus back to its opener when it closes. */
  modal?: boolean;
  /** What gets focus when the layer opens; by default its first control. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** The element that had focus when the layer was first rendered: the control that opened it. */
function useOpener(): HTMLElement | null {
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  return opener;
}

/**
 * Every layer of the app (dialog, side menu, popup, file preview, an edit in progress) is one of these, so the
 * keyboard rules live here once (WCAG 2.2: 2.1.2, 2.4.3): Radix keeps the stack of open layers and hands
 * Escape to the top one only, and its focus scope keeps Tab inside a modal layer. The opener is read while
 * the layer first renders, before the commit that may hide it (a dialog under a new one is hidden), and
 * focused again once the layer is gone and what was inert under it is live again.
 */
export function Layer({ onEscape, modal = true, initialFocus, children, ...props }: LayerProps) {
  const opener = useOpener();
  const layer = (
    <DismissableLayer
      {...props}
      onEscapeKeyDown={(event) => {
        event.preventDefault();
        onEscape();
      }}
    >
      {children}
    </DismissableLayer>
  );
  if (!modal) return layer;
  return (
    <FocusScope
      asChild
      trapped
      loop
      onMountAutoFocus={(event) => {
        if (!initialFocus) return;
        event.preventDefault();
        initialFocus.current?.focus();
      }}
      onUnmountAutoFocus={(event) => {
        event.preventDefault();
        if (opener?.isConnected) opener.focus({ preventScroll: true });
      }}
    >
      {layer}
    </FocusScope>
  );
}
