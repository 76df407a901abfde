import {
  type FriendRequestEntry,
  type FriendRequestsResponse,
  LIMITS,
  Mood,
  type ProfileStar,
  STARFIELD,
  StarType,
} from '@orbit/contract';

/**
 * Adds a tag unless it is blank or already there (docs/product/friends.md#request-message), compared without case or surrounding space;
 * a tag longer than 280 characters (docs/product/friends.md#request-message) is refused too. Answers the same array when nothing changed.
 */
export function addTag(tags: readonly string[], raw: string): readonly string[] {
  const tag = raw.trim();
  if (!tag || tag.length > LIMITS.tag) return tags;
  const key = tag.toLowerCase();
  if (tags.some((existing) => existing.trim().toLowerCase() === key)) return tags;
  return [...tags, tag];
}

export function removeTag(tags: readonly string[], tag: string): readonly string[] {
  return tags.filter((existing) => existing !== tag);
}

/**
 * The optional message of a friend or private request: blank, or the placeholder text itself, counts as
 * empty (docs/product/friends.md#private-request, docs/product/friends.md#request-message) and is not sent.
 */
export function optionalMessage(text: string, placeholder: string): string | undefined {
  const message = text.trim();
  if (!message || message === placeholder.trim()) return undefined;
  return message.slice(0, LIMITS.message);
}

/** The mood picker's order (docs/product/activities-and-leaderboards.md#moods): excited, happy, sad, depressed, anxious. */
export const MOOD_ORDER = [Mood.EXCITED, Mood.HAPPY, Mood.SAD, Mood.DEPRESSED, Mood.ANXIOUS] as const;

/** Locale key of a mood's name (docs/product/activities-and-leaderboards.md#moods: 1 happy, 2 sad, 3 depressed, 4 anxious, 5 excited). */
export const moodKey = (mood: number) => `mood.${mood}`;

/** The requests screen's picker (docs/product/friends.md#requests-list): all, friend and community requests, and pending approval. */
export const REQUEST_FILTERS = ['all', 'friend', 'community', 'pendingApproval'] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];

export interface RequestRow {
  direction: 'incoming' | 'outgoing';
  entry: FriendRequestEntry;
}

const newestFirst = (a: RequestRow, b: RequestRow) =>
  b.entry.modified_time.localeCompare(a.entry.modified_time);

/**
 * The rows one picker choice shows: incoming requests wait for the member's answer; outgoing ones wait for
 * the other's approval and show as pending. Community requests arrive with the communities issue.
 */
export function requestRows(requests: FriendRequestsResponse, filter: RequestFilter): RequestRow[] {
  const incoming = Object.values(requests.incoming).map((entry) => ({
    direction: 'incoming' as const,
    entry,
  }));
  const outgoing = Object.values(requests.outgoing).map((entry) => ({
    direction: 'outgoing' as const,
    entry,
  }));
  const rows: Record<RequestFilter, RequestRow[]> = {
    all: [...incoming, ...outgoing],
    friend: [...incoming, ...outgoing],
    community: [],
    pendingApproval: outgoing,
  };
  return rows[filter].sort(newestFirst);
}

/** The inactive view's pages (docs/product/friends.md#inactive): friends, communities, games, activities, each by its star types. */
export const INACTIVE_PAGES = [
  { id: 'friends', types: [StarType.FRIEND, StarType.PENDING_FRIEND] },
  {
    id: 'communities',
    types: [
      StarType.COMMUNITY_USER_CREATED,
      StarType.COMMUNITY_SYSTEM,
      StarType.COMMUNITY_GAME,
      StarType.COMMUNITY_INNER_CIRCLE,
      StarType.COMMUNITY_INVITE,
    ],
  },
  { id: 'games', types: [StarType.GAME] },
  { id: 'activities', types: [StarType.ACTIVITY] },
] as const satisfies readonly { id: string; types: readonly number[] }[];
export type InactivePage = (typeof INACTIVE_PAGES)[number]['id'];

/** Stars of zone 4 and beyond are inactive: listed here rather than orbiting (docs/product/home-and-stars.md#home-view; docs/product/friends.md#inactive). */
export function inactiveStars(stars: readonly ProfileStar[], page: InactivePage): ProfileStar[] {
  const types: readonly number[] = INACTIVE_PAGES.find((p) => p.id === page)?.types ?? [];
  return stars
    .filter((star) => star.zone >= STARFIELD.displayedZoneBelow && types.includes(star.star_type))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** The member's own home star of another member (friend or pending friend), for pin and unpin. */
export function memberStar(stars: readonly ProfileStar[], userId: number): ProfileStar | null {
  return (
    stars.find(
      (star) =>
        star.user_id === userId &&
        (star.star_type === StarType.FRIEND || star.star_type === StarType.PENDING_FRIEND),
    ) ?? null
  );
}

/** Only a star backed by the server's stars row has a numeric id the pin call takes. */
export const isPinnable = (star: ProfileStar | null): star is ProfileStar =>
  !!star && /^\d+$/.test(star.star_id);

/** The neighbour of `current` in `order` after a swipe, or `current` at either end. */
export function neighbour<T>(order: readonly T[], current: T, direction: -1 | 0 | 1): T {
  const index = order.indexOf(current);
  const next = order[index - direction];
  return index < 0 || next === undefined ? current : next;
}
