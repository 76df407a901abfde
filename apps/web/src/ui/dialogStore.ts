import { DESKTOP_MIN_WIDTH, DIALOG_FULLSCREEN } from '@orbit/contract';
import type { ReactNode } from 'react';
import { create } from 'zustand';
import type { Route } from './navigation/routes';

/** A view opened in the dialog stack; `render` is called while it is on top. */
export interface DialogView {
  /** Locale key of the heading, which also labels the dialog. */
  title: string;
  /** The title is a name to show as written (a member's), not a dictionary text to translate and capitalise. */
  titleIsName?: boolean;
  /** A stage (a call, a live lesson, a community and its feed): on a desktop it takes the whole window. */
  stage?: boolean;
  /** Shown as the heading instead of `title` when the view was opened from an address, before its name is known. */
  heading?: () => ReactNode;
  /** Where the view is in the address (ui/navigation); a view without one is not addressed. */
  route?: Route;
  render: () => ReactNode;
}

/** Focus goes back to the view's opener through its Layer (ui/Layer.tsx), once what it covered is live again. */
export interface DialogEntry extends DialogView {
  id: number;
}

/** Runs before a view is popped ("editors save when going back"); false keeps it open. */
export type BeforeBack = () => Promise<boolean | undefined> | boolean | undefined;

// Kept outside the store: handlers change on every render of their view and are no UI state.
const beforeBackHandlers = new Map<number, BeforeBack>();

export function registerBeforeBack(id: number, handler: BeforeBack): () => void {
  beforeBackHandlers.set(id, handler);
  return () => {
    if (beforeBackHandlers.get(id) === handler) beforeBackHandlers.delete(id);
  };
}

interface DialogState {
  stack: DialogEntry[];
  /** The last change followed the browser's history (Back, Forward, a reload), so it is not written to it. */
  fromHistory: boolean;
  push: (view: DialogView) => void;
  /** Swaps the view on top for another, e.g. a confirmation for what it guarded. */
  replace: (view: DialogView) => void;
  /** Back pops one step (docs/product/home-and-stars.md#shell). */
  back: () => Promise<void>;
  /** Hiding clears the whole stack; each view still gets its chance to save first. */
  hide: () => Promise<void>;
  /**
   * Follows the browser's history (Back, Forward, a reload, a link): keeps the first `depth` entries and puts
   * `views` on top. The views above leave as on Back, saving first; false when one chose to stay.
   */
  rebuild: (depth: number, views: readonly DialogView[]) => Promise<boolean>;
}

let nextId = 1;
const entryOf = (view: DialogView): DialogEntry => ({ ...view, id: nextId++ });

/** Runs the handlers of the views above `depth`, top first; false as soon as one keeps its view open. */
async function leaveAbove(stack: readonly DialogEntry[], depth: number): Promise<boolean> {
  for (const entry of stack.slice(depth).reverse()) {
    if ((await beforeBackHandlers.get(entry.id)?.()) === false) return false;
    beforeBackHandlers.delete(entry.id);
  }
  return true;
}

export const useDialogStore = create<DialogState>((set, getState) => ({
  stack: [],
  fromHistory: false,
  push: (view) => set((s) => ({ stack: [...s.stack, entryOf(view)], fromHistory: false })),
  replace: (view) =>
    set((s) => {
      const top = s.stack.at(-1);
      if (!top) return s;
      beforeBackHandlers.delete(top.id);
      return { stack: [...s.stack.slice(0, -1), entryOf(view)], fromHistory: false };
    }),
  back: async () => {
    const top = getState().stack.at(-1);
    if (!top) return;
    if ((await beforeBackHandlers.get(top.id)?.()) === false) return;
    set((s) => ({ stack: s.stack.filter((entry) => entry.id !== top.id), fromHistory: false }));
  },
  hide: async () => {
    const { stack } = getState();
    for (const entry of [...stack].reverse()) await beforeBackHandlers.get(entry.id)?.();
    beforeBackHandlers.clear();
    set({ stack: [], fromHistory: false });
  },
  rebuild: async (depth, views) => {
    const left = await leaveAbove(getState().stack, depth);
    if (left) set((s) => ({ stack: [...s.stack.slice(0, depth), ...views.map(entryOf)], fromHistory: true }));
    return left;
  },
}));

/** Full screen at width <= 540 or height <= 667 (docs/product/home-and-stars.md#shell). */
export function isFullscreenDialog(width: number, height: number): boolean {
  return width <= DIALOG_FULLSCREEN.maxWidth || height <= DIALOG_FULLSCREEN.maxHeight;
}

/** A desktop window, where a stage view takes the whole window and shows its panels beside it. */
export const isDesktop = (width: number) => width > DESKTOP_MIN_WIDTH;

export const openDialog = (view: DialogView) => useDialogStore.getState().push(view);
export const dialogBack = () => useDialogStore.getState().back();
export const replaceDialog = (view: DialogView) => useDialogStore.getState().replace(view);
export const hideDialogs = () => useDialogStore.getState().hide();
