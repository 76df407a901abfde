import type { FeedPost } from '@orbit/contract';
import type { FeedPerson } from '../../api/feeds';

/** Up to 4 latest other authors are offered as private recipients (001 §9). */
export const LATEST_AUTHORS = 4;

/** The latest distinct other authors of the listed posts, newest first (anonymous ones are unknown). */
export function latestAuthors(posts: readonly FeedPost[]): FeedPerson[] {
  const seen = new Map<number, FeedPerson>();
  for (const item of posts) {
    if (seen.size >= LATEST_AUTHORS) break;
    if (item.is_own || item.author_user_id === null || seen.has(item.author_user_id)) continue;
    seen.set(item.author_user_id, { id: item.author_user_id, screen_name: item.author_screen_name });
  }
  return [...seen.values()];
}

/** People whose screen name contains the query (any case); the latest authors when it is empty. */
export function recipientMatches(
  query: string,
  latest: readonly FeedPerson[],
  everyone: readonly FeedPerson[],
  selfId: number,
): FeedPerson[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...latest];
  return everyone.filter(
    (person) => person.id !== selfId && person.screen_name.toLowerCase().includes(needle),
  );
}
