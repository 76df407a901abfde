import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';

/** How long a browser keeps bytes the server sends, by what they are. */
export const BYTES_CACHE = {
  /** The same for everyone and never changing under their name (avatars, session images). */
  shared: 'public, max-age=31536000, immutable',
  /** A member's picture under an id or a versioned URL: it never changes there. */
  forever: 'private, max-age=31536000, immutable',
  /** Stored attachments: an hour. */
  hour: 'private, max-age=3600',
  /** May change under its URL (an unversioned group picture): asked again each time. */
  revalidate: 'private, no-cache',
  /** Private and short-lived (a temp upload): never kept. */
  never: 'private, no-store',
} as const;

export type BytesCache = keyof typeof BYTES_CACHE;

/** The headers of any bytes the server sends: the type it chose (never the client's), `nosniff`, the cache. */
function bytesHeaders(reply: FastifyReply, mime: string, cache: BytesCache): FastifyReply {
  return reply
    .type(mime)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', BYTES_CACHE[cache]);
}

/**
 * Sends image bytes with their headers: every picture the API answers (personas, groups, the tournament,
 * presets) goes through here; stored files with a name and byte ranges go through sendStoredFile.
 */
export function sendBytes(
  reply: FastifyReply,
  image: { bytes: Buffer; mime: string },
  cache: BytesCache,
  options: { inline?: true } = {},
) {
  bytesHeaders(reply, image.mime, cache);
  if (options.inline) reply.header('content-disposition', 'inline');
  return reply.send(image.bytes);
}
/** What a stored file is sent as: the type the server chose and the name offered to the member. */
export interface StoredFileMeta {
  mime: string;
  fileName: string;
}

/** Shown in the page (the preview modal plays or draws them); everything else is offered as a download. */
const INLINE_PREFIXES = ['image/', 'video/', 'audio/'];

/** RFC 6266: an ASCII fallback for old clients and the exact name in filename*. */
export function contentDisposition(inline: boolean, fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/**
 * Sends a stored file with the bytes' headers, the disposition with its name, and
 * one byte range when asked (video and audio seek with it): 206 with Content-Range, 416 when unsatisfiable.
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  row: StoredFileMeta,
  bytes: Buffer,
) {
  const inline = INLINE_PREFIXES.some((prefix) => row.mime.startsWith(prefix));
  bytesHeaders(reply, row.mime, 'hour')
    .header('content-disposition', contentDisposition(inline, row.fileName))
    .header('accept-ranges', 'bytes');
  const header = request.headers.range;
  const ranges = header ? parseRange(bytes.length, header, { combine: true }) : -2;
  if (ranges === -1) {
    return reply.status(416).header('content-range', `bytes */${bytes.length}`).send();
  }
  // A malformed header, or several ranges (multipart/byteranges), gets the whole file: RFC 9110 allows it.
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return reply.send(bytes);
  const [{ start, end }] = ranges;
  return reply
    .status(206)
    .header('content-range', `bytes ${start}-${end}/${bytes.length}`)
    .send(bytes.subarray(start, end + 1));
}
