import { performance } from 'node:perf_hooks';
import { LIMITS } from '@orbit/contract';
import type { WebSocket } from 'ws';
import { FLOOR, measure, type Target } from '../lib/measure';
import { hotRead, mergeReads } from '../lib/read-bars';
import { arrivals, closeSockets, deliveryMeasurement, openSockets } from '../lib/sockets';
import { FEED_WORLD, type SeededFeed, seedFeedWorld, stage } from './feed-world';
import type { Bar, Scenario } from './types';

/** Issue 28's bar: a community post to 2000 sockets, p99 at most 50 ms. */
const FANOUT_2000_BAR: Bar = { ratio: 'fanout_2000_p99_ms', atMost: 50 };

/** Community posts timed from the POST to each listener's COMMUNITY_POST NEW frame, after untimed ones. */
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

/** Posts one community post as member 0 and resolves with each listener's delivery latency (null: missed). */
async function postAndTime(target: Target, communityId: number, sockets: WebSocket[], n: number) {
  const marker = `bench delivery ${n} ${Math.random()}`;
  const delivered = arrivals(
    sockets,
    (frame) =>
      frame.includes(marker) &&
      frame.includes('"type":"COMMUNITY_POST"') &&
      frame.includes('"subtype":"NEW"'),
    DELIVERY_TIMEOUT_MS,
  );
  const start = performance.now();
  const res = await fetch(`${target.baseUrl}/api/community/feed`, {
    method: 'POST',
    headers: { ...target.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ community_id: communityId, message: marker }),
  });
  if (!res.ok) throw new Error(`POST /api/community/feed answered ${res.status}: ${await res.text()}`);
  return (await delivered).map((at) => (at === null ? null : at - start));
}

async function measureDelivery(target: Target, world: SeededFeed) {
  const sockets = await stage(`${world.listenerTokens.length} sockets opened`, () =>
    openSockets(target.baseUrl, world.listenerTokens),
  );
  try {
    for (let i = 0; i < WARMUP_POSTS; i++) await postAndTime(target, world.communityId, sockets, i);
    const latencies: number[] = [];
    let missed = 0;
    const started = performance.now();
    for (let i = 0; i < TIMED_POSTS; i++) {
      for (const latency of await postAndTime(target, world.communityId, sockets, WARMUP_POSTS + i)) {
        if (latency === null) missed += 1;
        else latencies.push(latency);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    return deliveryMeasurement(
      {
        label: `post_to_${sockets.length}_sockets`,
        method: 'POST',
        path: '/api/community/feed -> COMMUNITY_POST NEW on every member socket',
      },
      { latencies, missed, seconds },
    );
  } finally {
    closeSockets(sockets);
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
    const delivery = await measureDelivery(target, world);
    return {
      measurements: [page, floor, delivery],
      ...mergeReads(hotRead('community_feed', page, floor), {
        ratios: { fanout_2000_p99_ms: delivery.p99Ms },
        bars: [FANOUT_2000_BAR],
      }),
    };
  },
};
