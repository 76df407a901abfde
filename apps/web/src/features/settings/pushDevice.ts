import { call } from '../../api/client';

/**
 * This device's side of Web Push (decision 0056): whether the browser can be reached when Orbit is closed,
 * and its subscription made, sent to the server, and ended.
 */

/**
 * `supported`; `home-screen` on an iPhone or iPad whose Safari reaches only apps added to the Home Screen
 * (Safari 16.4 and later); `unsupported` in a browser with no Push API.
 */
export type PushSupport = 'supported' | 'home-screen' | 'unsupported';

/** What of the browser is read: the window and its navigator, or a test's stand-ins. */
export interface BrowserSide {
  navigator: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & {
    serviceWorker?: unknown;
    standalone?: boolean;
  };
  window: object;
}

/** iPadOS says it is a Mac; only its touch screen tells it apart. */
const isAppleMobile = ({ navigator }: BrowserSide) =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

export function pushSupport(side: BrowserSide = { navigator, window }): PushSupport {
  const { navigator: nav, window: win } = side;
  if (nav.serviceWorker && 'PushManager' in win && 'Notification' in win) return 'supported';
  return isAppleMobile(side) ? 'home-screen' : 'unsupported';
}

/** The VAPID key as the Push API takes it: base64url to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((byte, index) => byte === b[index]);

/** The refusals a member can undo: `denied` only in the browser's site settings, `dismissed` by asking again. */
export type SubscribeOutcome = 'subscribed' | 'denied' | 'dismissed';

/**
 * Asks the browser's permission (only here, on the member's click), then subscribes this browser with Orbit's
 * key and hands the subscription to the server. A subscription made for another key (the server's key pair
 * changed) is ended first, since the browser refuses a second one.
 */
export async function subscribeThisDevice(): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'dismissed';
  const key = keyBytes((await call('pushKey', { public: true })).public_key);
  const { pushManager } = await navigator.serviceWorker.ready;
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await call('subscribePush', { body: subscription.toJSON() });
  return 'subscribed';
}

/** Ends this browser's subscription (the server's row is the caller's to delete). */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

/** What the browser says of notifications now: `granted`, `denied` or `default` (never asked). */
export const notificationPermission = (): NotificationPermission =>
  typeof Notification === 'undefined' ? 'default' : Notification.permission;
