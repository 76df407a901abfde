import type { PushPayload } from '@orbit/contract';

/**
 * What the service worker does with a push and a click on its notification (issue 26, decision 0056), kept
 * apart from the worker's events so that it is tested with plain objects: only the shapes it reads are named
 * here, which a window's DOM types and a worker's WebWorker types both satisfy.
 */

/** A window of the app as `clients.matchAll` answers it. */
export interface AppWindow {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<AppWindow | null>;
}

/** The notification the worker shows: what the payload says, the address it opens kept in its data. */
export interface ShownNotification {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; data: { url: string; type: string } };
}

const ICON = '/icons/icon-192.png';

/** Reads a push's JSON payload; a push that is not one of Orbit's (no title or address) is null. */
export function readPush(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof url !== 'string' || !url.startsWith('/')) return null;
  return {
    type: String(type) as PushPayload['type'],
    title,
    body: typeof body === 'string' ? body : '',
    url,
    tag: typeof tag === 'string' ? tag : url,
  };
}

/** A member looking at the app gets its own toast: the lock screen is for an app hidden or closed. */
export const anyVisible = (windows: readonly AppWindow[]): boolean =>
  windows.some((window) => window.focused || window.visibilityState === 'visible');

export function notificationOf(push: PushPayload): ShownNotification {
  return {
    title: push.title,
    options: {
      body: push.body,
      tag: push.tag,
      icon: ICON,
      badge: ICON,
      data: { url: push.url, type: push.type },
    },
  };
}

/** The address a clicked notification opens: its own, or the home for one without. */
export function addressOf(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  return typeof url === 'string' && url.startsWith('/') ? url : '/';
}

/**
 * A click opens its address in a window the app already has (the one in front first), or in a new one when
 * there is none or the window cannot be moved (one the worker does not control, answered null). The window is
 * moved before it is focused: moving needs no click, so a window that could not be focused still shows it.
 */
export async function openIn(
  windows: readonly AppWindow[],
  url: string,
  openWindow: (url: string) => Promise<unknown>,
): Promise<void> {
  const window =
    windows.find((w) => w.focused) ?? windows.find((w) => w.visibilityState === 'visible') ?? windows[0];
  const moved = window ? await window.navigate(url).catch(() => null) : null;
  if (!window || !moved) {
    await openWindow(url);
    return;
  }
  await moved.focus().catch((error) => console.warn('[orbit] the window could not be focused', error));
}
