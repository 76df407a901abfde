import { LIMITS } from '@orbit/contract';
import { communityPost, measureDelivery } from '../lib/deliveries';
import { FLOOR, measure, type Target } from '../lib/measure';
import { hotRead, mergeReads } from '../lib/read-bars';
import { SocketHolder } from '../lib/socket-holder';
import { FEED_WORLD, type SeededFeed, seedFeedWorld, stage } from './feed-world';
import type { Bar, Scenario } from './types';

/** Issue 28's bar: a community post to 2000 sockets, p99 at most 50 ms. */
const FANOUT_2000_BAR: Bar = { ratio: 'fanout_2000_p99_ms', atMost: 50 };

/**
 * Community posts timed from the POST to each listener's COMMUNITY_POST NEW frame, after untimed ones. The
 * listeners' sockets are held by a second process, as the fan-out's and the soak's are, which only looks for
 * the marker in each frame: this process, which sends the posts, parsed each of the 2000 frames before, and
 * that work (about 15 ms a post, one frame after another) was counted as the server's latency.
 */
const TIMED_POSTS = 20;
const WARMUP_POSTS = 3;
const DELIVERY_TIMEOUT_MS = 15_000;

/** Left by the seed for the run, which gets only the target. */
let seeded: SeededFeed | null = null;

interface FeedPage {
  community_feeds: { poll_data: unknown; attachments: unknown[] }[];
}

/** The measured page must be the issue's: 25 posts, polls and attachments among them. */
async function checkPage(target: Target, path: string) {
  const res = await fetch(`${target.baseUrl}${path}`, { headers: target.headers });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  const posts = ((await res.json()) as FeedPage).community_feeds;
  const polls = posts.filter((p) => p.poll_data !== null).length;
  const files = posts.reduce((sum, p) => sum + p.attachments.length, 0);
  if (posts.length !== LIMITS.feedPageSize || polls === 0 || files === 0) {
    throw new Error(`the feed page has ${posts.length} posts, ${polls} polls, ${files} attachments`);
  }
}

async function postToListeners(target: Target, world: SeededFeed) {
  const holder = new SocketHolder();
  try {
    const tokens = world.listenerTokens;
    const sockets = await stage(`${tokens.length} sockets opened`, () =>
      holder.open(
        target.baseUrl,
        tokens,
        tokens.map((_, n) => n),
        1,
      ),
    );
    const run = { baseUrl: target.baseUrl, senderHeaders: target.headers, holder, sockets };
    return await measureDelivery(
      run,
      communityPost(world.communityId, {
        warmup: WARMUP_POSTS,
        timed: TIMED_POSTS,
        timeoutMs: DELIVERY_TIMEOUT_MS,
      }),
    );
  } finally {
    await holder.close();
  }
}

/** A community feed page over 200000 posts beside the floor, and one post's delivery to 2000 sockets. */
export const feed: Scenario = {
  name: 'feed',
  summary: `GET /api/community/feeds over ${FEED_WORLD.posts} posts and ${FEED_WORLD.comments} comments against the floor; a community post to ${FEED_WORLD.listeners} sockets`,
  seed: async (database, members) => {
    seeded = await seedFeedWorld(database, members);
  },
  async run(target, settings) {
    if (!seeded) throw new Error('the feed world was not seeded');
    const world = seeded;
    const path = `/api/community/feeds?community_id=${world.communityId}`;
    await checkPage(target, path);
    const floor = await measure(target, FLOOR, settings);
    const page = await measure(target, { label: 'community_feed', method: 'GET', path }, settings);
    const delivery = await postToListeners(target, world);
    return {
      measurements: [page, floor, delivery],
      ...mergeReads(hotRead('community_feed', page, floor), {
        ratios: { fanout_2000_p99_ms: delivery.p99Ms },
        bars: [FANOUT_2000_BAR],
      }),
    };
  },
};
