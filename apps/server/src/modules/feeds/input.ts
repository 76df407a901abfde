import { ErrorCode, LIMITS } from '@orbit/contract';
import type { Queryable } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { assertNoneBlocked } from '../blocks';
import { usersByIds } from './loader';

/** A post's or comment's text: trimmed; empty only with an attachment; at most 10000 characters (docs/product/feeds-and-comments.md#post-limits). */
export function cleanMessage(raw: string | undefined, hasAttachments = false): string {
  const message = raw?.trim() ?? '';
  if (message.length === 0 && !hasAttachments) {
    throw badRequest(ErrorCode.empty_message, 'Write a message or attach a file');
  }
  if (message.length > LIMITS.postMessage) {
    throw badRequest(ErrorCode.message_too_long, `Exceeded ${LIMITS.postMessage} character limit`);
  }
  return message;
}

/** Tags of a post: trimmed, blank and repeated ones (any case) ignored, each at most 280 characters. */
export function cleanTags(raw: string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of raw) {
    const tag = value.trim();
    if (tag.length === 0 || seen.has(tag.toLowerCase())) continue;
    if (tag.length > LIMITS.tag)
      throw badRequest(ErrorCode.tag_too_long, `Exceeded ${LIMITS.tag} character limit`);
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** `@name` typed in the message, ending where a name cannot go on (a space cancels a tag, docs/product/feeds-and-comments.md#post-limits). */
const mentions = (message: string, name: string) =>
  new RegExp(`@${escapeRegExp(name)}(?![\\w.-])`, 'i').test(message);

/**
 * The @tagged members of a message: each must be a known member who receives the item and whose screen
 * name (username or alias) is written as @name in the message; anything else is a 400 invalid_tag. Nobody
 * @tags a member they blocked or who blocked them (403 blocked).
 */
export async function checkTaggedUsers(
  db: Queryable,
  authorId: number,
  message: string,
  tagged: number[] | undefined,
  audience: number[],
): Promise<number[]> {
  const ids = [...new Set(tagged ?? [])];
  if (ids.length === 0) return [];
  await assertNoneBlocked(db, authorId, ids);
  const people = await usersByIds(db, ids);
  const reach = new Set(audience);
  for (const id of ids) {
    const person = people.get(id);
    const named =
      person && [person.username, person.alias].some((name) => name !== null && mentions(message, name));
    if (!named || !reach.has(id)) {
      throw badRequest(ErrorCode.invalid_tag, 'A tag must name a member of this feed written as @name');
    }
  }
  return ids;
}
