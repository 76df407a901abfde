import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';

/** Query key factories, one root per resource, so invalidation by root reaches every variant. */
export const queryKeys = {
  profiles: ['profiles'] as const,
  avatars: ['avatars'] as const,
  version: (v: number) => ['version', v] as const,
  locale: (lang: string) => ['locale', lang] as const,
  twoFactor: ['two-factor'] as const,
  devices: ['devices'] as const,
};

/**
 * After a change that also moves the member's profiles (the menu's entries, badges and counts come with
 * them): refetches what shows the change, and the profiles alongside.
 */
export function refreshWithProfiles(queryClient: QueryClient, key: QueryKey): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
  return queryClient.invalidateQueries({ queryKey: key });
}

/** A save that resolves once what it changed, and the profiles, have been refetched. */
export function useSaveWithProfiles<A extends unknown[]>(
  save: (...args: A) => Promise<unknown>,
  key: QueryKey,
) {
  const queryClient = useQueryClient();
  return async (...args: A) => {
    await save(...args);
    await refreshWithProfiles(queryClient, key);
  };
}
