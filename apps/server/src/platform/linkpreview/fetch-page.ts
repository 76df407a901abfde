import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import type { AddressPolicy } from './address';
import { guardedLookup, RefusedAddressError } from './lookup';

/** What a link preview may cost: 1 MB of HTML, 2 redirects, 5 s for the whole fetch. */
export const PAGE_LIMITS = { maxBytes: 1024 * 1024, maxRedirects: 2, timeoutMs: 5000 } as const;
export type PageLimits = { [K in keyof typeof PAGE_LIMITS]: number };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Why a page could not be read; the message is safe to show (it names no internal address). */
export class PageFetchError extends Error {}

export interface FetchedPage {
  html: string;
  /** The URL the HTML came from, after redirects: relative image URLs resolve against it. */
  url: URL;
}

function httpUrl(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new PageFetchError('This is not a valid link');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PageFetchError('Only http and https links have previews');
  }
  return url;
}

/** A host written as an address connects without a lookup: it is judged here instead. */
function assertLiteralAllowed(url: URL, allow: AddressPolicy): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allow(host)) throw new RefusedAddressError(host);
}

function mediaType(contentType: string | string[] | undefined): { type: string; charset: string } {
  const [type = '', ...params] = String(contentType ?? '').split(';');
  const charset = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('charset='));
  return {
    type: type.trim().toLowerCase(),
    charset: charset?.slice('charset='.length).replace(/"/g, '') ?? 'utf-8',
  };
}

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

async function readCapped(body: AsyncIterable<Buffer>, maxBytes: number) {
  const chunks: Buffer[] = [];
  let total = 0;
  // Leaving the loop by a throw ends the iteration, which destroys the body: nothing more is read.
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) throw new PageFetchError('The page is too large to preview');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches an HTML page through a socket whose every address passes `allow`, following at most
 * `maxRedirects` redirects by hand (each one checked again), within `maxBytes` and `timeoutMs`.
 */
export class PageFetcher {
  private readonly agent: Agent;

  constructor(
    private readonly allow: AddressPolicy,
    private readonly limits: PageLimits = PAGE_LIMITS,
  ) {
    this.agent = new Agent({ connect: { lookup: guardedLookup(allow), timeout: limits.timeoutMs } });
  }

  async fetch(link: string): Promise<FetchedPage> {
    const signal = AbortSignal.timeout(this.limits.timeoutMs);
    let url = httpUrl(link);
    for (let redirects = 0; ; redirects++) {
      assertLiteralAllowed(url, this.allow);
      const response = await request(url, {
        dispatcher: this.agent,
        signal,
        headers: { accept: 'text/html', 'user-agent': 'OrbitLinkPreview/1.0' },
      });
      if (REDIRECT_STATUSES.has(response.statusCode)) {
        await response.body.dump();
        const location = response.headers.location;
        if (redirects >= this.limits.maxRedirects || typeof location !== 'string') {
          throw new PageFetchError('The link redirects too often');
        }
        url = httpUrl(location, url);
        continue;
      }
      return this.readHtml(url, response);
    }
  }

  private async readHtml(url: URL, response: Awaited<ReturnType<typeof request>>): Promise<FetchedPage> {
    const { type, charset } = mediaType(response.headers['content-type']);
    const declared = Number(response.headers['content-length'] ?? 0);
    const refusal =
      response.statusCode !== 200
        ? `The page answered ${response.statusCode}`
        : type !== 'text/html'
          ? 'Only HTML pages have previews'
          : declared > this.limits.maxBytes
            ? 'The page is too large to preview'
            : null;
    if (refusal) {
      // dump() reads at most a small amount, then closes the connection.
      await response.body.dump();
      throw new PageFetchError(refusal);
    }
    return { html: decode(await readCapped(response.body, this.limits.maxBytes), charset), url };
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
