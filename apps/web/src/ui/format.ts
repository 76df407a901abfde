/**
 * Pure formatting shared by several features: time ago, the k abbreviations, durations and distances
 * (docs/product/feeds-and-comments.md#who-reads; docs/product/home-and-stars.md#shell).
 */

export type TimeAgoUnit = 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks';

const STEPS: [TimeAgoUnit, number][] = [
  ['weeks', 7 * 24 * 3600],
  ['days', 24 * 3600],
  ['hours', 3600],
  ['minutes', 60],
];

/** How long ago `iso` was, in the largest whole unit of s, m, h, d, w (never negative). */
export function timeAgo(iso: string, now: number): { unit: TimeAgoUnit; value: number } {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  for (const [unit, size] of STEPS) {
    if (seconds >= size) return { unit, value: Math.floor(seconds / size) };
  }
  return { unit: 'seconds', value: seconds };
}

/** Calories above 900 and steps above 500 are shown with k (docs/product/feeds-and-comments.md#activity-posts). */
export const K_ABOVE = { calories: 900, steps: 500 } as const;

/** `value` as written, or in thousands with up to two decimals and a k once it passes `above`. */
export function abbreviate(value: number, above: number): string {
  if (value <= above) return String(Math.round(value));
  const thousands = Math.round(value / 10) / 100;
  return `${thousands}k`;
}

/** Hours and whole minutes of a duration in milliseconds. */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const minutes = Math.floor(ms / 60000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Distance with two decimals (docs/product/feeds-and-comments.md#activity-posts); the server already answers it in the member's unit. */
export function twoDecimals(distance: number): string {
  return distance.toFixed(2);
}

/** Above this a badge shows "99+" (docs/product/home-and-stars.md#home-view). */
const BADGE_MAX = 99;

/**
 * What a badge shows for a count: the number, or "99+" above 99. Accessible names say the same, so that a
 * control's name contains its visible text (WCAG 2.5.3).
 */
export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

const EXCERPT_MAX = 80;

/**
 * The start of a text, to name it in a confirmation ("Delete this post?" over its first words): one line, cut
 * at a word before EXCERPT_MAX characters with an ellipsis; none for an empty text.
 */
export function excerpt(text: string | null | undefined): string | undefined {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  if (line.length <= EXCERPT_MAX) return `“${line}”`;
  const cut = line.slice(0, EXCERPT_MAX);
  const atWord = cut.lastIndexOf(' ');
  return `“${(atWord > EXCERPT_MAX / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…”`;
}
