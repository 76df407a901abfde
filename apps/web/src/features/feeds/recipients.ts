import type { FeedPost } from '@orbit/contract';
import type { FeedPerson, Recipient } from '../../api/feeds';

/** Up to 4 latest other authors are offered as private recipients (docs/product/feeds-and-comments.md#private-posts). */
export const LATEST_AUTHORS = 4;

/** The latest distinct other authors of the listed posts, newest first (anonymous ones are unknown). */
export function latestAuthors(posts: readonly FeedPost[]): Recipient[] {
  const seen = new Map<number, Recipient>();
  for (const item of posts) {
    if (seen.size >= LATEST_AUTHORS) break;
    if (item.is_own || item.author_user_id === null || seen.has(item.author_user_id)) continue;
    seen.set(item.author_user_id, { id: item.author_user_id, name: item.author_screen_name });
  }
  return [...seen.values()];
}

/** People whose name or handle contains the query (any case); the latest authors when it is empty. */
export function recipientMatches(
  query: string,
  latest: readonly Recipient[],
  everyone: readonly FeedPerson[],
  selfId: number,
): Recipient[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...latest];
  const matches = (text: string) => text.toLowerCase().includes(needle);
  return everyone.filter(
    (person) => person.id !== selfId && (matches(person.name) || matches(person.screen_name)),
  );
}
