import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
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
 * Sends a stored file with a type the server chose (never the client's), `nosniff`, the disposition, and
 * one byte range when asked (video and audio seek with it): 206 with Content-Range, 416 when unsatisfiable.
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  row: StoredFileMeta,
  bytes: Buffer,
) {
  const inline = INLINE_PREFIXES.some((prefix) => row.mime.startsWith(prefix));
  reply
    .type(row.mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(inline, row.fileName))
    .header('cache-control', 'private, max-age=3600')
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
