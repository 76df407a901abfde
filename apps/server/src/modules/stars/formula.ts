/**
 * Zone and size of a star from the member's interactions with it (docs/decisions/0007-home-star-set.md).
 * Pure: the same numbers for the same inputs, so the rules are tested without a database.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** An interaction counts half as much after this long: recent habits outweigh old ones. */
export const HALF_LIFE_DAYS = 14;
export const HALF_LIFE_SECONDS = HALF_LIFE_DAYS * 24 * 60 * 60;

/** A star moves out a zone once its last interaction is this many days old; zone 4 and beyond is inactive. */
export const ZONE_DAYS = [3, 14, 45] as const;
export const INACTIVE_ZONE = 4;
export const PINNED_ZONE = 0;

/** The decayed score at which a star grows to size 2 and to size 3 (about weekly and about daily contact). */
export const SIZE_THRESHOLDS = [2.5, 8] as const;

/** The score as of `now`: the stored score halved for every half-life since it was last updated. */
export function decayedScore(score: number, since: Date, now: Date): number {
  const days = Math.max(0, now.getTime() - since.getTime()) / DAY_MS;
  return score * 0.5 ** (days / HALF_LIFE_DAYS);
}

/** The stored score after one more interaction at `now`. */
export function scoreAfterInteraction(score: number, since: Date, now: Date): number {
  return decayedScore(score, since, now) + 1;
}

export function zoneOf(pinned: boolean, lastInteraction: Date, now: Date): number {
  if (pinned) return PINNED_ZONE;
  const days = Math.max(0, now.getTime() - lastInteraction.getTime()) / DAY_MS;
  const zone = ZONE_DAYS.findIndex((limit) => days < limit);
  return zone === -1 ? INACTIVE_ZONE : zone + 1;
}

export function sizeOf(score: number): 1 | 2 | 3 {
  if (score >= SIZE_THRESHOLDS[1]) return 3;
  if (score >= SIZE_THRESHOLDS[0]) return 2;
  return 1;
}

/** A group star (requests) grows with how many things wait in it: 1, 2 to 4, 5 and more. */
export function sizeOfCount(count: number): 1 | 2 | 3 {
  if (count >= 5) return 3;
  if (count >= 2) return 2;
  return 1;
}
