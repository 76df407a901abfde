import { type CommunityFeedsQuery, type FeedFilters, PostType } from '@orbit/contract';
import type { AppDeps } from '../../deps';
import { KeptJson } from '../../platform/kept-json';
import type { PageSerializer } from './page-cache';
import { listFeed } from './service';

/** A first page: no key, no cursor, no filter. Any filter added to the contract later reads uncached. */
function isFirstPage(filters: FeedFilters) {
  const { type, page_key, last_index, ...others } = filters;
  const everyType = type === undefined || type === PostType.ALL;
  return everyType && !page_key && !last_index && Object.values(others).every((v) => v === undefined);
}

/**
 * GET /community/feeds as its JSON (a kept page's is sent again as it is, decision 0076): the first page from the community's kept window (docs/decisions/0031),
 * any other page (and a reader the window cannot serve) read as before.
 */
export async function communityFeedJson(
  deps: AppDeps,
  callerId: number,
  query: CommunityFeedsQuery,
  serialize: PageSerializer,
): Promise<KeptJson> {
  const { community_id: communityId, ...filters } = query;
  if (isFirstPage(filters)) {
    const json = await deps.feedPages.read(callerId, communityId, serialize);
    if (json !== null) return json;
  }
  const page = await listFeed(deps, callerId, { kind: 'community', communityId }, filters);
  return new KeptJson(
    serialize({ community_feeds: page.items, older_key: page.older_key, newer_key: page.newer_key }),
  );
}
