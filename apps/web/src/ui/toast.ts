import { UI_TIMINGS } from '@orbit/contract';
import { create } from 'zustand';

export interface ToastState {
  /** A locale key and its {{0}} values, with an id so that the same text twice shows (and times) anew. */
  current: { id: number; text: string; values?: Record<string, string | number> } | null;
  close: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastState>((set) => ({
  current: null,
  close: (id) => set((state) => (state.current?.id === id ? { current: null } : state)),
}));

/** How long a confirmation stays: as long as an alert closing by itself. */
export const TOAST_CLOSE_MS = UI_TIMINGS.alertAutoCloseMs;

/**
 * The short confirmation after a create or a save ("Group created"): it takes no focus and closes by itself,
 * so the member carries on where they are.
 */
export function confirmDone(text: string, values?: Record<string, string | number>): void {
  useToastStore.setState({ current: { id: nextId++, text, values } });
}
