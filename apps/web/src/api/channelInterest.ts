import { WATCHED_CHANNELS_MAX } from '@orbit/contract';
import { useEffect } from 'react';

/**
 * The community channels whose screens are open (decision 0084): a feed, a post, the lessons, a lesson room.
 * The socket asks for those channels' frames alone; the others' pass it by on the server until a screen of
 * theirs opens again, and then come first, in order. Each screen counts once while mounted.
 */
const mounted = new Map<number, number>();
/** The set last told to the listener, to tell it only of a change and of the channels no longer watched. */
let told: readonly number[] = [];
let flushing = false;

export interface InterestListener {
  /** The channels watched now, in ascending order, at most WATCHED_CHANNELS_MAX. */
  changed(watching: readonly number[]): void;
  /** A channel no screen shows any more: what its screens keep will be stale when they open again. */
  unwatched(communityId: number): void;
}

let listener: InterestListener | null = null;

/** The channels watched now, in ascending order (the newest screens' first when there are too many). */
export function watchedChannels(): readonly number[] {
  return [...mounted.keys()].slice(-WATCHED_CHANNELS_MAX).sort((a, b) => a - b);
}

/** The realtime client listens here (one at a time: the signed-in member's). */
export function listenToInterest(next: InterestListener): () => void {
  listener = next;
  told = watchedChannels();
  return () => {
    if (listener === next) listener = null;
  };
}

/**
 * Tells the listener after the current commit: a screen that replaces another of the same community
 * unmounts and mounts in one go, and that is no change at all.
 */
function scheduleFlush(): void {
  if (flushing) return;
  flushing = true;
  queueMicrotask(() => {
    flushing = false;
    const now = watchedChannels();
    if (now.length === told.length && now.every((id, n) => id === told[n])) return;
    const gone = told.filter((id) => !now.includes(id));
    told = now;
    listener?.changed(now);
    for (const id of gone) listener?.unwatched(id);
  });
}

function count(communityId: number, by: 1 | -1): void {
  const next = (mounted.get(communityId) ?? 0) + by;
  if (next > 0) mounted.set(communityId, next);
  else mounted.delete(communityId);
  scheduleFlush();
}

/** While the calling screen is mounted, its community's channel is watched (nothing for null). */
export function useChannelInterest(communityId: number | null | undefined): void {
  useEffect(() => {
    if (!communityId) return;
    count(communityId, 1);
    return () => count(communityId, -1);
  }, [communityId]);
}
