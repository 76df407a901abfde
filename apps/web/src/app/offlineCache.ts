import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/keys';
import type { Profiles } from '../api/types';
import { APP_VERSION } from './version';

/**
 * What the member last saw, kept on the device so the app opens readable without a network
 * (docs/decisions/0045): the query cache's answers, with whose they are. Only one member's copy exists at a
 * time; signing out forgets it, and another member's answers never join it.
 */
const STORAGE_KEY = 'orbit.last-seen';
/** Raised when what is kept changes shape, so an older copy is dropped rather than misread. */
const FORMAT = 1;
/** A copy older than this is dropped: the app then shows its usual loading and offline states. */
export const KEEP_MS = 24 * 60 * 60 * 1000;
/** Saves are gathered: a burst of answers (the home, then its parts) is written once. */
const SAVE_DELAY_MS = 1000;

interface LastSeen {
  format: number;
  version: number;
  member: number;
  savedAt: number;
  state: DehydratedState;
}

const memberOf = (client: QueryClient): number | null =>
  client.getQueryData<Profiles | null>(queryKeys.profiles)?.user_profile.id ?? null;

const isProfiles = (key: readonly unknown[]) => key[0] === queryKeys.profiles[0];

function read(storage: Storage): LastSeen | null {
  try {
    const kept = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as LastSeen | null;
    return kept?.format === FORMAT && kept.version === APP_VERSION ? kept : null;
  } catch {
    return null;
  }
}

export function forgetLastSeen(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEY);
}

/**
 * Puts the kept answers into the cache before the first screen; a copy too old or of another format is
 * dropped. What comes back is only shown until the network answers: every kept answer is asked again as
 * soon as a screen reads it (a reload still means fresh data), and waits while offline.
 */
export function restoreLastSeen(
  client: QueryClient,
  storage: Storage = localStorage,
  now = Date.now(),
): void {
  const kept = read(storage);
  if (!kept || now - kept.savedAt > KEEP_MS) {
    forgetLastSeen(storage);
    return;
  }
  hydrate(client, kept.state);
  void client.invalidateQueries({ refetchType: 'none' });
}

/** Writes the cache's successful answers as the signed-in member's; nothing is kept while signed out. */
export function saveLastSeen(client: QueryClient, storage: Storage = localStorage, now = Date.now()): void {
  const member = memberOf(client);
  if (member === null) {
    forgetLastSeen(storage);
    return;
  }
  // Writes are never kept: one made offline is refused, not replayed later (docs/decisions/0045).
  const state = dehydrate(client, { shouldDehydrateMutation: () => false });
  const kept: LastSeen = { format: FORMAT, version: APP_VERSION, member, savedAt: now, state };
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // A full storage keeps no copy rather than an old one that no longer matches the screen.
    forgetLastSeen(storage);
  }
}

/**
 * Keeps the cache on the device while the app runs: saved a moment after it changes and when the page is
 * hidden. Whose it is is watched on the profiles answer: signed out forgets the copy at once; a member other
 * than the last one drops the last one's answers from the cache before anything is saved again.
 */
export function keepLastSeen(client: QueryClient, storage: Storage = localStorage): () => void {
  let lastMember = memberOf(client);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    saveLastSeen(client, storage);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (isProfiles(event.query.queryKey) && event.type === 'updated') {
      const member = memberOf(client);
      if (member === null) forgetLastSeen(storage);
      else if (member !== lastMember) {
        if (lastMember !== null) client.removeQueries({ predicate: (query) => !isProfiles(query.queryKey) });
        lastMember = member;
      }
    }
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  window.addEventListener('pagehide', save);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', save);
    if (timer) clearTimeout(timer);
  };
}
