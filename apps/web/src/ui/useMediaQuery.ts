import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; the component follows when it changes. */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** A touch screen (the primary pointer is a finger): pickers show as dials there (docs/product/home-and-stars.md#shell). */
export const useTouchScreen = () => useMediaQuery('(pointer: coarse)');
