import { UI_TIMINGS } from '@orbit/contract';
import { useEffect } from 'react';
import { create } from 'zustand';
import { T } from '../i18n/texts';

export interface PopupInput {
  /** Locale keys (or already translated text); each falls back to the spec's default popup line. */
  title?: string;
  message?: string;
  dismiss?: string;
  /** Alerts close by themselves: 3 s by default, 2 s in the member form (docs/product/README.md#errors). */
  autoCloseMs?: number;
  /** Values for the message's {{0}}, {{1}} placeholders. */
  values?: Record<string, string | number>;
}

export interface PopupContent {
  title: string;
  message: string;
  dismiss: string;
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The default popup reads "Error" / "Something went wrong" / "Try Again Later" (docs/product/README.md#errors). */
export function popupContent(input: PopupInput, t: Translate): PopupContent {
  return {
    title: t(input.title ?? T.popupTitle, input.values),
    message: t(input.message ?? T.popupMessage, input.values),
    dismiss: t(input.dismiss ?? T.popupDismiss),
  };
}

export const ALERT_CLOSE_MS = UI_TIMINGS.alertAutoCloseMs;
export const MEMBER_FORM_ALERT_CLOSE_MS = UI_TIMINGS.memberFormAlertAutoCloseMs;

interface PopupState {
  current: (PopupInput & { id: number }) | null;
  show: (input: PopupInput) => void;
  close: () => void;
}

let nextId = 1;

export const usePopupStore = create<PopupState>((set) => ({
  current: null,
  show: (input) => set({ current: { ...input, id: nextId++ } }),
  close: () => set({ current: null }),
}));

/** A popup the member dismisses; `values` fill the texts' {{0}}, {{1}}. */
export function showError(title?: string, message?: string, values?: Record<string, string | number>): void {
  usePopupStore.getState().show({ title, message, values });
}

/**
 * A failed call of the shell (docs/product/README.md#errors): its own title and "please try again" while the connection is alive;
 * "oops" with the network connection message when the request never got an answer.
 */
export function showFailure(title: string, offline: boolean): void {
  if (offline) showError(T.oops, T.networkError);
  else showError(title, T.pleaseTryAgain);
}

/** Shows an error popup when a query fails: once a failure, again for a later one (a refetch that fails). */
export function useErrorPopup(
  query: { isError: boolean; errorUpdatedAt: number },
  title: string,
  message?: string,
): void {
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) showError(title, message);
  }, [failedAt, title, message]);
}

/** An alert that closes by itself after 3 s (or the given time). */
export function showAlert(input: PopupInput): void {
  usePopupStore.getState().show({ autoCloseMs: ALERT_CLOSE_MS, ...input });
}

/** An announcement (MAINTENANCE_NOTIFICATION): its own title and text, shown as written, dismissed with OK. */
export function showAnnouncement(announcement: { title: string; body: string }): void {
  usePopupStore.getState().show({ title: announcement.title, message: announcement.body, dismiss: T.ok });
}
