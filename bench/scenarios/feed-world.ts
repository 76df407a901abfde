import { performance } from 'node:perf_hooks';
import { CommunityRole, FileType, PostPrivacy, PostType, Urgency } from '@orbit/contract';
import { asc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../apps/server/src/db/client';
import { communities, users } from '../../apps/server/src/db/schema';
import { ReactionKind } from '../../apps/server/src/modules/feeds/loader';
import { growMembers, insertCommunities, type RunMembers } from '../lib/members';
import { insertSessions } from '../lib/sockets';

/**
 * The issue's world: 200000 posts and 1000000 comments over many communities and member feeds; the
 * measured community has 2000 members and every 40th post (5000), with polls, votes, attachments and
 * reactions, and a tenth of the comments.
 */
export const FEED_WORLD = {
  members: 10_000,
  communities: 200,
  posts: 200_000,
  comments: 1_000_000,
  /** Every 40th post is the measured community's, every 10th (another remainder) a member feed's. */
  measuredEvery: 40,
  memberFeedEvery: 10,
  /** Members 0..1999 belong to the measured community; each holds a socket in the delivery run. */
  listeners: 2000,
} as const;
const MEASURED_POSTS = FEED_WORLD.posts / FEED_WORLD.measuredEvery;
const OTHER_POSTS = FEED_WORLD.posts - MEASURED_POSTS;
const OTHER_COMMUNITIES = FEED_WORLD.communities - 1;
/** The measured community's expert: the target of its private posts, which member 0 must not see. */
const EXPERT_N = 1;
/** A large prime: multiplying by it modulo a count spreads comments evenly but not in runs. */
const SPREAD = 7919;
/** A constant for a smallint column: a bare parameter in a CASE or UNION would be typed text. */
const small = (n: number) => sql`${n}::smallint`;

/** Runs one stage and prints how long it took: seeding and socket opening are most of the run's time. */
export async function stage<T>(what: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  console.log(`[bench] feed: ${what} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

/** What the run needs from the seed: the measured community, and tokens of members 0..1999 in order. */
export interface SeededFeed {
  communityId: number;
  listenerTokens: string[];
}

/** bench_communities (c, id): community 0 is the measured one; ids come from the table's own sequence. */
async function seedCommunities(db: Queryable, prefix: string) {
  await db.execute(sql`
    CREATE TEMP TABLE bench_communities AS
    SELECT c, nextval(pg_get_serial_sequence('communities', 'id'))::int AS id, c AS owner
    FROM generate_series(0, ${FEED_WORLD.communities - 1}) c`);
  await insertCommunities(db, 'bench_communities', `${prefix} community`);
  // Members 0..1999 in the measured community; every member in one of the others (about 50 each).
  await db.execute(sql`
    INSERT INTO community_members (community_id, user_id, role)
    SELECT bc.id, m.id, CASE WHEN m.n = ${EXPERT_N} THEN ${small(CommunityRole.EXPERT)} ELSE ${small(CommunityRole.MEMBER)} END
    FROM bench_communities bc JOIN bench_members m ON bc.c = 0 AND m.n < ${FEED_WORLD.listeners}
    UNION ALL
    SELECT bc.id, m.id, ${small(CommunityRole.MEMBER)}
    FROM bench_members m JOIN bench_communities bc ON bc.c = 1 + m.n % ${OTHER_COMMUNITIES}`);
}

/** When post g was written: one every 30 s, the last one now. */
const postTime = (g: SQL) => sql`now() - make_interval(secs => (${FEED_WORLD.posts} - ${g}) * 30)`;

/**
 * bench_posts (g, id, measured, idx): post g = 1.. gets id base + g from a block of ids reserved on the
 * table's sequence, so that comments can name their post by arithmetic instead of a join, and the measured
 * community's posts are spread over the whole id range; idx numbers the measured posts 0..4999 and the
 * others 0..194999 separately.
 */
async function seedPosts(db: Queryable) {
  const every = FEED_WORLD.measuredEvery;
  await db.execute(sql`
    CREATE TEMP TABLE bench_post_base AS
    SELECT setval(s, nextval(s) + ${FEED_WORLD.posts - 1}) - ${FEED_WORLD.posts} AS base
    FROM pg_get_serial_sequence('posts', 'id') s`);
  await db.execute(sql`
    CREATE TEMP TABLE bench_posts AS
    SELECT g, (b.base + g)::int AS id, g % ${every} = 0 AS measured,
      CASE WHEN g % ${every} = 0 THEN g / ${every} - 1 ELSE g - g / ${every} - 1 END AS idx
    FROM generate_series(1, ${FEED_WORLD.posts}) g CROSS JOIN bench_post_base b`);
  const poll = sql`p.measured AND p.idx % 10 = 3`;
  const isPrivate = sql`p.measured AND p.idx % 50 = 7`;
  const memberFeed = sql`NOT p.measured AND p.g % ${FEED_WORLD.memberFeedEvery} = 1`;
  // Authors: measured posts by members 0..1999, feed posts by the feed's member, others by a member of theirs.
  await db.execute(sql`
    INSERT INTO posts (id, community_id, owner_user_id, author_id, type, message, privacy, target_user_id,
      poll_question, poll_options, poll_expires_at, created_at, updated_at)
    SELECT p.id, bc.id, CASE WHEN ${memberFeed} THEN author.id END, author.id,
      CASE WHEN ${poll} THEN ${small(PostType.POLL)} ELSE ${small(PostType.USER)} END,
      'Bench post ' || p.g || ': ' || repeat('lorem ipsum ', 1 + p.g % 12),
      CASE WHEN ${isPrivate} THEN ${small(PostPrivacy.PRIVATE)} ELSE ${small(PostPrivacy.PUBLIC)} END,
      CASE WHEN ${isPrivate} THEN expert.id END,
      CASE WHEN ${poll} THEN 'Bench poll ' || p.g END,
      CASE WHEN ${poll} THEN '["Yes", "No", "Maybe"]'::jsonb END,
      CASE WHEN ${poll} THEN now() + make_interval(days => CASE WHEN p.idx % 20 = 3 THEN -1 ELSE 3 END) END,
      ${postTime(sql`p.g`)}, ${postTime(sql`p.g`)}
    FROM bench_posts p
    JOIN bench_members expert ON expert.n = ${EXPERT_N}
    LEFT JOIN bench_communities bc ON NOT (${memberFeed})
      AND bc.c = CASE WHEN p.measured THEN 0 ELSE 1 + p.g % ${OTHER_COMMUNITIES} END
    JOIN bench_members author ON author.n = CASE
      WHEN p.measured THEN p.idx % ${FEED_WORLD.listeners}
      WHEN ${memberFeed} THEN p.g % ${FEED_WORLD.members}
      ELSE p.g % ${OTHER_COMMUNITIES} + ${OTHER_COMMUNITIES} * (p.g % 50) END`);
}

/**
 * A tenth of the comments on the measured posts (20 each), the rest spread over every other post. Comment c
 * picks its post's idx, which gives the post's g (the measured one's multiple of 40, or the idx-th
 * remaining number) and so its id.
 */
async function seedComments(db: Queryable) {
  const every = FEED_WORLD.measuredEvery;
  const written = sql`${postTime(sql`x.g`)} + make_interval(secs => x.c % 3600)`;
  await db.execute(sql`
    INSERT INTO comments (post_id, author_id, message, urgency, created_at, updated_at)
    SELECT b.base + x.g, a.id, 'Bench comment ' || x.c,
      CASE WHEN x.c % 25 = 0 THEN ${small(Urgency.LOW)} + (x.c / 25) % 3 ELSE ${small(Urgency.NONE)} END,
      ${written}, ${written}
    FROM (
      SELECT c, measured, CASE WHEN measured THEN ${every} * (idx + 1)
        ELSE idx / ${every - 1} * ${every} + idx % ${every - 1} + 1 END AS g
      FROM (
        SELECT c, c % 10 = 0 AS measured, CASE WHEN c % 10 = 0 THEN (c / 10 * ${SPREAD}::bigint) % ${MEASURED_POSTS}
          ELSE (c * ${SPREAD}::bigint) % ${OTHER_POSTS} END AS idx
        FROM generate_series(1, ${FEED_WORLD.comments}) c
      ) picked
    ) x
    CROSS JOIN bench_post_base b
    JOIN bench_members a ON a.n = CASE
      WHEN x.measured THEN x.c % ${FEED_WORLD.listeners} ELSE x.c % ${FEED_WORLD.members} END`);
}

/**
 * What the page presents besides posts: votes on the measured polls (50..350 voters, member 0 among them),
 * rates and high fives, and one or two files on a sixth of the measured posts and a thirtieth of the others.
 */
async function seedPostExtras(db: Queryable) {
  await db.execute(sql`
    INSERT INTO poll_votes (post_id, user_id, option_index)
    SELECT p.id, m.id, (m.n + p.idx) % 3
    FROM bench_posts p CROSS JOIN LATERAL generate_series(0, 49 + (p.idx / 10 % 7) * 50) v
    JOIN bench_members m ON m.n = v
    WHERE p.measured AND p.idx % 10 = 3`);
  await db.execute(sql`
    INSERT INTO post_reactions (post_id, user_id, kind, value)
    SELECT p.id, m.id, CASE WHEN v % 3 = 0 THEN ${ReactionKind.RATE} ELSE ${ReactionKind.HIGH_FIVE} END, 1 + v % 5
    FROM bench_posts p CROSS JOIN LATERAL generate_series(1, p.idx % 12) v
    JOIN bench_members m ON m.n = v
    WHERE p.measured`);
  const image = sql`f = 1`;
  await db.execute(sql`
    INSERT INTO attachments (post_id, uploader_id, type, file_name, mime, size, storage_key)
    SELECT p.id, posts.author_id,
      CASE WHEN ${image} THEN ${small(FileType.IMAGE)} ELSE ${small(FileType.PDF)} END,
      CASE WHEN ${image} THEN 'photo-' || p.g || '.jpg' ELSE 'notes-' || p.g || '.pdf' END,
      CASE WHEN ${image} THEN 'image/jpeg' ELSE 'application/pdf' END,
      20000 + p.g % 500000, 'bench/' || p.g || '-' || f
    FROM bench_posts p JOIN posts ON posts.id = p.id
    CROSS JOIN LATERAL generate_series(1, CASE WHEN p.measured THEN 1 + p.idx % 2 ELSE 1 END) f
    WHERE (p.measured AND p.idx % 6 = 1) OR (NOT p.measured AND p.idx % 30 = 2)`);
}

/**
 * Seeds the feed world with bulk SQL in one transaction (its one connection keeps the temporary tables in
 * reach on a pool too) and signs members 0..1999 in.
 */
export async function seedFeedWorld(database: Database, members: RunMembers): Promise<SeededFeed> {
  const seeded = await database.db.transaction(async (tx) => {
    // The rows are consistent by construction: without the per-row foreign-key triggers the bulk inserts
    // run several times faster. Only a superuser may switch them off, for this transaction only.
    await tx.execute(sql`
      SELECT set_config('session_replication_role', 'replica', true) WHERE current_setting('is_superuser') = 'on'`);
    await stage('members and communities', async () => {
      await growMembers(tx, members, FEED_WORLD.members);
      await seedCommunities(tx, members.prefix);
    });
    await stage(`${FEED_WORLD.posts} posts`, () => seedPosts(tx));
    await stage(`${FEED_WORLD.comments} comments`, () => seedComments(tx));
    await stage('votes, reactions and attachments', () => seedPostExtras(tx));
    const [measured] = await tx
      .select({ id: communities.id })
      .from(communities)
      .where(eq(communities.name, `${members.prefix} community 0`));
    // Members 0..1999: n numbers this run's members in id order.
    const listeners = await tx
      .select({ id: users.id })
      .from(users)
      .where(like(users.username, `${members.prefix}%`))
      .orderBy(asc(users.id))
      .limit(FEED_WORLD.listeners);
    const listenerTokens = await insertSessions(
      tx,
      listeners.map((r) => r.id),
    );
    await tx.execute(sql`DROP TABLE bench_posts, bench_post_base, bench_communities, bench_members`);
    return { communityId: measured.id, listenerTokens };
  });
  // As autovacuum leaves a table in use: statistics, and a visibility map for the index-only comment counts.
  await stage('VACUUM ANALYZE', () => database.db.execute(sql`VACUUM ANALYZE`));
  return seeded;
}
