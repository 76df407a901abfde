import { badRequest } from './errors';

/** The furthest a client may page into a list: beyond it, a narrower search is the answer. */
const MAX_OFFSET = 10_000;

export interface Page {
  offset: number;
  size: number;
}

export const invalidKey = () => badRequest('invalid_page_key', 'The page_key is not valid');

/** An opaque page_key from any JSON value (offset pages here, keyset cursors in feeds). */
export const encodeKey = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The value inside a page_key; a key that does not decode is a 400. */
export function decodeKey(key: string): unknown {
  try {
    return JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
  } catch {
    throw invalidKey();
  }
}

/** Reads an opaque page_key; none means the first page, anything unreadable is a 400. */
export function pageFromKey(key: string | undefined, size: number): Page {
  if (key === undefined || key === '') return { offset: 0, size };
  const offset = (decodeKey(key) as { o?: unknown } | null)?.o;
  if (!Number.isSafeInteger(offset) || (offset as number) < 0 || (offset as number) > MAX_OFFSET) {
    throw invalidKey();
  }
  return { offset: offset as number, size };
}

const keyAt = (offset: number) => encodeKey({ o: offset });

/**
 * One page of rows fetched with `limit: size + 1`: the extra row only says there is a next page.
 * older_key pages on (further down the list), newer_key back; null at either end.
 */
export function pageOf<T>(rows: T[], page: Page) {
  const hasMore = rows.length > page.size && page.offset + page.size <= MAX_OFFSET;
  return {
    items: rows.slice(0, page.size),
    older_key: hasMore ? keyAt(page.offset + page.size) : null,
    newer_key: page.offset > 0 ? keyAt(Math.max(0, page.offset - page.size)) : null,
  };
}
