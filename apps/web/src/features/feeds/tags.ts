/** @tags of members in a message (docs/product/feeds-and-comments.md#post-limits): only known screen names, a space cancels, suggestions max 3. */

export const MAX_SUGGESTIONS = 3;

export interface Taggable {
  id: number;
  screen_name: string;
}

/** The name being typed after an @ that ends at the caret, or null (a space since the @ cancels it). */
export function tagAtCaret(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1] ?? '')) return null;
  const query = before.slice(at + 1);
  if (/\s/.test(query)) return null;
  return { query, start: at };
}

/** Case-insensitive substring match on screen names, sorted by name; an empty filter shows nothing. */
export function tagSuggestions<M extends Taggable>(members: readonly M[], query: string): M[] {
  if (!query) return [];
  const needle = query.toLowerCase();
  return members
    .filter((member) => member.screen_name.toLowerCase().includes(needle))
    .sort((a, b) => a.screen_name.localeCompare(b.screen_name, undefined, { sensitivity: 'base' }))
    .slice(0, MAX_SUGGESTIONS);
}

/** `text` with the tag being typed replaced by the chosen name, and where the caret goes after it. */
export function completeTag(
  text: string,
  tag: { start: number; query: string },
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  const end = tag.start + 1 + tag.query.length;
  return { text: text.slice(0, tag.start) + inserted + text.slice(end), caret: tag.start + inserted.length };
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Ids of the known members written as @name in the message, the name ending there. */
export function taggedMemberIds(message: string, members: readonly Taggable[]): number[] {
  return members
    .filter((member) =>
      new RegExp(`(^|\\s)@${escapeRegExp(member.screen_name)}(?![\\w.-])`, 'i').test(message),
    )
    .map((member) => member.id);
}
