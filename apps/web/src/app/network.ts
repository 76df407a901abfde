import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The browser's word on the network drives TanStack Query's: offline, queries wait (the kept answers stay on
 * screen) instead of failing. Its manager only hears the changes, so an app that starts offline (from the
 * service worker's cache) says so itself.
 */
export function followNetwork(): void {
  onlineManager.setOnline(navigator.onLine);
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);

/** False while the device has no network: the header says "Offline" and what shows is what was last seen. */
export function useNetworkOnline(): boolean {
  return useSyncExternalStore(subscribe, () => onlineManager.isOnline());
}
