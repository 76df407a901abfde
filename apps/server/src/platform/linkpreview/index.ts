import type { LinkPreview } from '@orbit/contract';
import { badRequest } from '../errors';
import { type AddressPolicy, isPublicAddress } from './address';
import { PAGE_LIMITS, PageFetchError, PageFetcher, type PageLimits } from './fetch-page';
import { RefusedAddressError } from './lookup';
import { readPageMeta } from './parse';

export { type AddressPolicy, isPublicAddress } from './address';
export { PAGE_LIMITS } from './fetch-page';
export { guardedLookup, RefusedAddressError } from './lookup';

export const linkPreviewFailed = (message: string) => badRequest('link_preview_failed', message);

export interface LinkPreviewerOptions {
  /** Which resolved addresses may be fetched; public unicast only unless a test widens it. */
  allowAddress?: AddressPolicy;
  limits?: PageLimits;
}

function whyItFailed(err: unknown): string {
  if (err instanceof PageFetchError) return err.message;
  const cause = (err as { cause?: unknown }).cause;
  if (err instanceof RefusedAddressError || cause instanceof RefusedAddressError) {
    return 'This address may not be previewed';
  }
  if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') {
    return 'The page took too long to answer';
  }
  return 'The page could not be fetched';
}

/** POST /getLinkPreview: a page's title and image, fetched behind the SSRF guard; any failure is one 400. */
export class LinkPreviewer {
  private readonly fetcher: PageFetcher;

  constructor(options: LinkPreviewerOptions = {}) {
    this.fetcher = new PageFetcher(options.allowAddress ?? isPublicAddress, options.limits ?? PAGE_LIMITS);
  }

  async preview(link: string): Promise<LinkPreview> {
    let page: Awaited<ReturnType<PageFetcher['fetch']>>;
    try {
      page = await this.fetcher.fetch(link);
    } catch (err) {
      throw linkPreviewFailed(whyItFailed(err));
    }
    const { title, img } = readPageMeta(page.html, page.url);
    if (!title && !img) throw linkPreviewFailed('The page has no title or image to preview');
    return { img, title, link };
  }

  close(): Promise<void> {
    return this.fetcher.close();
  }
}
