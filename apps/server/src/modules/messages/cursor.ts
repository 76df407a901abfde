import { decodeKey, encodeKey, invalidKey } from '../../platform/paging';

/**
 * Where a page of a thread starts: the newest messages, those older than a message, or those newer than
 * one. Keyset keys rather than offsets: a page costs one index range scan however long the thread is, and
 * a message arriving meanwhile does not shift the pages.
 */
export type PageCursor = { kind: 'before'; id: number } | { kind: 'after'; id: number };
export type Cursor = { kind: 'newest' } | PageCursor;

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

export function cursorFromKey(key: string | undefined): Cursor {
  if (key === undefined || key === '') return { kind: 'newest' };
  const value = decodeKey(key) as { b?: unknown; a?: unknown } | null;
  if (value && isId(value.b) && value.a === undefined) return { kind: 'before', id: value.b };
  if (value && isId(value.a) && value.b === undefined) return { kind: 'after', id: value.a };
  throw invalidKey();
}

export const olderThan = (id: number) => encodeKey({ b: id });
export const newerThan = (id: number) => encodeKey({ a: id });
