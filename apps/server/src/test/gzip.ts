import { gunzipSync } from 'node:zlib';
import { expect, vi } from 'vitest';
import { EVENTUALLY } from './harness';

/** A browser's header over plain HTTP. */
export const ACCEPTS_GZIP = { 'accept-encoding': 'gzip, deflate' };

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
}

/**
 * Reads a kept answer, asking for gzip, until it comes gzipped (it is compressed once sent again, off the
 * event loop: decision 0076), and answers its JSON decoded.
 */
export async function gzippedAgain(read: () => Promise<Answer>): Promise<unknown> {
  return vi.waitFor(async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    return JSON.parse(gunzipSync(res.rawPayload).toString());
  }, EVENTUALLY);
}
