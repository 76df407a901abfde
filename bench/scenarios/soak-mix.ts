import type { Call } from '../lib/open-loop';
import { deliveryMarker } from '../lib/socket-holder';
import { SOAK_WORLD, type SoakWorld } from './soak-world';

/** A private message the mix sent: to whom, when it was due, and whether the server took it (2xx). */
export interface SentPm {
  seq: number;
  to: number;
  dueMs: number;
  accepted: boolean;
}

/** The messages sent in a phase, and the number the next one gets (numbers run on across phases). */
export interface PmLog {
  next: number;
  sent: SentPm[];
}

type Maker = (member: number, world: SoakWorld, pms: PmLog) => Omit<Call, 'token'>;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const communitiesOf = (world: SoakWorld, member: number) =>
  world.communities.filter((c) => member >= c.first && member < c.first + c.size);
const year = () => new Date().getFullYear();

/** The mix, in percent of the requests; each call is made for a random one of the 500 members. */
const MIX: [weight: number, make: Maker][] = [
  [30, () => ({ kind: 'home', method: 'GET', path: '/api/user/profiles', template: '/api/user/profiles' })],
  [
    20,
    (m, w) => ({
      kind: 'community_feed',
      method: 'GET',
      path: `/api/community/feeds?community_id=${pick(communitiesOf(w, m)).id}`,
      template: '/api/community/feeds?community_id={id}',
    }),
  ],
  [
    10,
    (m, w, pms) => {
      const thread = pick(w.threads[m]);
      const pm = { seq: pms.next++, to: thread.other };
      return {
        kind: 'pm_send',
        method: 'POST',
        path: `/api/pms/send/${thread.groupId}`,
        template: '/api/pms/send/{group_id}',
        body: { message: `Soak message ${deliveryMarker(pm.to, pm.seq)}` },
        settled: (status, dueMs) => pms.sent.push({ ...pm, dueMs, accepted: status >= 200 && status < 300 }),
      };
    },
  ],
  [
    10,
    (m, w) => ({
      kind: 'pm_list',
      method: 'GET',
      path: `/api/pms/list/${pick(w.threads[m]).groupId}`,
      template: '/api/pms/list/{group_id}',
    }),
  ],
  [
    8,
    (m, w) => {
      const community = pick(communitiesOf(w, m));
      return {
        kind: 'comment',
        method: 'POST',
        path: '/api/community/feed/comment',
        template: '/api/community/feed/comment',
        body: {
          feed_id: pick(community.postIds),
          community_id: community.id,
          message: `Soak comment by ${m}`,
        },
      };
    },
  ],
  [
    5,
    (m, w) => ({
      kind: 'community_post',
      method: 'POST',
      path: '/api/community/feed',
      template: '/api/community/feed',
      body: { community_id: pick(communitiesOf(w, m)).id, message: `Soak post by ${m}` },
    }),
  ],
  [
    5,
    () => ({
      kind: 'mood',
      method: 'PUT',
      path: '/api/user',
      template: '/api/user {gojimoji.mood}',
      body: { gojimoji: { mood: 1 + Math.floor(Math.random() * 5) } },
    }),
  ],
  [
    5,
    () => ({
      kind: 'activity_session',
      method: 'POST',
      path: '/api/user/activity/sessions',
      template: '/api/user/activity/sessions',
      body: {
        activity_type: 1 + Math.floor(Math.random() * 12),
        start: new Date(Date.now() - 3_600_000).toISOString(),
        duration_ms: 30 * 60_000,
      },
    }),
  ],
  [
    4,
    () => ({
      kind: 'history',
      method: 'GET',
      path: `/api/user/activity/history?year=${year()}&group_by=activity`,
      template: '/api/user/activity/history?year={y}&group_by=activity',
    }),
  ],
  [
    3,
    (m, w) => ({
      kind: 'leaderboard',
      method: 'GET',
      path: `/api/user/community/leaderboard?community_id=${pick(communitiesOf(w, m)).id}`,
      template: '/api/user/community/leaderboard?community_id={id}',
    }),
  ],
];
/** Each entry's upper bound on a 0..100 roll: an entry is picked when the roll falls below it first. */
const BOUNDS = MIX.map((_, i) => MIX.slice(0, i + 1).reduce((sum, [w]) => sum + w, 0));
const TOTAL_WEIGHT = BOUNDS[BOUNDS.length - 1];

/**
 * The next call of the mix, for a random member; private messages carry a delivery marker for the
 * recipient and are recorded in `pms.sent` when they settle, so that their arrivals can be matched.
 */
export function soakMix(world: SoakWorld, pms: PmLog): () => Call {
  return () => {
    const member = Math.floor(Math.random() * SOAK_WORLD.members);
    const roll = Math.random() * TOTAL_WEIGHT;
    const [, make] = MIX[BOUNDS.findIndex((bound) => roll < bound)] ?? MIX[0];
    return { ...make(member, world, pms), token: world.tokens[member] };
  };
}
