import { CommunityRole, PostPrivacy, PostType, Urgency } from '@orbit/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../apps/server/src/db/client';
import { growMembers, insertCommunities, type RunMembers } from '../lib/members';
import { insertSessions } from '../lib/sockets';

/**
 * The issue's crowd: 500 members, each befriending the next 5 round a ring (10 friends each) with a direct
 * thread per friendship; one community of all 500 and two of 160 (members 0..159 and 160..319); posts,
 * comments, messages, the stars of all that talk and a year of activity sessions, so that every call of the
 * mix does its real work.
 */
export const SOAK_WORLD = {
  members: 500,
  ringSpan: 5,
  /** [first member, member count] of each community: the first holds everyone. */
  communities: [
    [0, 500],
    [0, 160],
    [160, 160],
  ],
  postsPerCommunity: 200,
  commentsPerPost: 3,
  messagesPerThread: 40,
  sessionsPerMember: 100,
} as const;
/** Comments of the mix go to one of each community's newest posts. */
const COMMENTED_POSTS = 20;
const small = (n: number) => sql`${n}::smallint`;

export interface SoakCommunity {
  id: number;
  first: number;
  size: number;
  /** The newest seeded posts, the mix's comments' targets. */
  postIds: number[];
}

/** What the run needs: each member's token, communities and direct threads, members numbered 0..499. */
export interface SoakWorld {
  tokens: string[];
  communities: SoakCommunity[];
  /** threads[n]: member n's direct threads, each with the member on the other side. */
  threads: { groupId: number; other: number }[][];
}

async function seedFriendsAndThreads(db: Queryable) {
  const { members, ringSpan } = SOAK_WORLD;
  await db.execute(sql`
    CREATE TEMP TABLE soak_pairs AS
    SELECT nextval(pg_get_serial_sequence('message_groups', 'id'))::int AS id, a.n AS a, b.n AS b, a.id AS a_id, b.id AS b_id
    FROM bench_members a CROSS JOIN generate_series(1, ${ringSpan}) k
    JOIN bench_members b ON b.n = (a.n + k) % ${members}
    WHERE a.n < ${members}`);
  await db.execute(sql`
    INSERT INTO friendships (user_id, friend_id)
    SELECT a_id, b_id FROM soak_pairs UNION ALL SELECT b_id, a_id FROM soak_pairs`);
  // The pair key as the server writes it (pairKeyOf): lower id first.
  await db.execute(sql`
    INSERT INTO message_groups (id, is_group, pair_key, created_by, last_message_at)
    SELECT id, false, least(a_id, b_id) || ':' || greatest(a_id, b_id), a_id, now() FROM soak_pairs`);
  await db.execute(sql`
    INSERT INTO message_participants (group_id, user_id, last_read_message_id)
    SELECT id, a_id, 0 FROM soak_pairs UNION ALL SELECT id, b_id, 0 FROM soak_pairs`);
  await db.execute(sql`
    INSERT INTO messages (group_id, author_id, message, created_at)
    SELECT p.id, CASE WHEN k % 2 = 0 THEN p.a_id ELSE p.b_id END, 'Soak message ' || k,
      now() - make_interval(secs => ${SOAK_WORLD.messagesPerThread} - k)
    FROM soak_pairs p CROSS JOIN generate_series(1, ${SOAK_WORLD.messagesPerThread}) k`);
}

/** soak_communities (c, id, first, size), their members, posts and comments. */
async function seedCommunities(db: Queryable, prefix: string) {
  const rows = SOAK_WORLD.communities.map(
    ([first, size], c) => sql`(${c}::int, ${first}::int, ${size}::int)`,
  );
  await db.execute(sql`
    CREATE TEMP TABLE soak_communities AS
    SELECT v.c, nextval(pg_get_serial_sequence('communities', 'id'))::int AS id, v.first, v.size, v.first AS owner
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(c, first, size)`);
  await insertCommunities(db, 'soak_communities', `${prefix} soak community`);
  await db.execute(sql`
    INSERT INTO community_members (community_id, user_id, role)
    SELECT sc.id, m.id, ${small(CommunityRole.MEMBER)}
    FROM soak_communities sc JOIN bench_members m ON m.n >= sc.first AND m.n < sc.first + sc.size`);
  const posts = SOAK_WORLD.postsPerCommunity;
  await db.execute(sql`
    INSERT INTO posts (community_id, author_id, type, message, privacy, created_at, updated_at)
    SELECT sc.id, m.id, ${small(PostType.USER)}, 'Soak post ' || g || ': ' || repeat('lorem ipsum ', 1 + g % 12),
      ${small(PostPrivacy.PUBLIC)}, now() - make_interval(secs => (${posts} - g) * 60),
      now() - make_interval(secs => (${posts} - g) * 60)
    FROM soak_communities sc CROSS JOIN generate_series(1, ${posts}) g
    JOIN bench_members m ON m.n = sc.first + (g * 7) % sc.size`);
  await db.execute(sql`
    INSERT INTO comments (post_id, author_id, message, urgency, created_at, updated_at)
    SELECT p.id, m.id, 'Soak comment ' || k, ${small(Urgency.NONE)}, p.created_at + make_interval(secs => k),
      p.created_at + make_interval(secs => k)
    FROM posts p JOIN soak_communities sc ON sc.id = p.community_id
    CROSS JOIN generate_series(1, ${SOAK_WORLD.commentsPerPost}) k
    JOIN bench_members m ON m.n = sc.first + (p.id * 13 + k) % sc.size`);
}

/**
 * The stars a crowd that has been talking for a while has (a friend's, each community's), so that the
 * planner knows the table as it is in use rather than as an empty one read whole (docs/scaling.md,
 * "Round trips, 2026-12-07").
 */
async function seedStars(db: Queryable) {
  await db.execute(sql`
    INSERT INTO stars (owner_id, target_kind, target_id, interaction_score, interaction_date)
    SELECT owner_id, kind, target_id, 1 + (owner_id + target_id) % 9, now() - make_interval(hours => (owner_id * 7 + target_id) % 200)
    FROM (
      SELECT a_id AS owner_id, 'user' AS kind, b_id AS target_id FROM soak_pairs
      UNION ALL SELECT b_id, 'user', a_id FROM soak_pairs
      UNION ALL SELECT cm.user_id, 'community', cm.community_id
        FROM community_members cm JOIN soak_communities sc ON sc.id = cm.community_id
    ) s
    ON CONFLICT DO NOTHING`);
}

async function seedSessions(db: Queryable) {
  const perMember = SOAK_WORLD.sessionsPerMember;
  const stepSecs = Math.floor((365 * 86400) / perMember);
  await db.execute(sql`
    INSERT INTO activity_logs (user_id, activity_type, session_type, started_at, duration_ms, calories, distance_m)
    SELECT m.id, 1 + (m.n + k) % 12, 1 + (m.n + k) % 12,
      now() - make_interval(secs => k * ${stepSecs} + (m.n * 37) % ${stepSecs}),
      (15 + (m.n * 7 + k * 13) % 75) * 60000, (m.n + k) % 700, (m.n * 11 + k) % 9000
    FROM bench_members m CROSS JOIN generate_series(0, ${perMember - 1}) k
    WHERE m.n < ${SOAK_WORLD.members}`);
}

/** A raw query's rows (int4 columns arrive as numbers on both drivers). */
async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function readWorld(db: Queryable): Promise<Omit<SoakWorld, 'tokens'> & { userIds: number[] }> {
  const members = await rowsOf<{ id: number }>(
    db,
    sql`SELECT id FROM bench_members WHERE n < ${SOAK_WORLD.members} ORDER BY n`,
  );
  const communities: SoakCommunity[] = [];
  const found = await rowsOf<{ id: number; first: number; size: number }>(
    db,
    sql`SELECT id, first, size FROM soak_communities ORDER BY c`,
  );
  for (const c of found) {
    const posts = await rowsOf<{ id: number }>(
      db,
      sql`SELECT id FROM posts WHERE community_id = ${c.id} ORDER BY id DESC LIMIT ${COMMENTED_POSTS}`,
    );
    communities.push({ ...c, postIds: posts.map((p) => p.id) });
  }
  const threads: SoakWorld['threads'] = Array.from({ length: SOAK_WORLD.members }, () => []);
  const pairs = await rowsOf<{ id: number; a: number; b: number }>(db, sql`SELECT id, a, b FROM soak_pairs`);
  for (const p of pairs) {
    threads[p.a].push({ groupId: p.id, other: p.b });
    threads[p.b].push({ groupId: p.id, other: p.a });
  }
  return { userIds: members.map((m) => m.id), communities, threads };
}

/** Seeds the crowd with bulk SQL in one transaction (the temporary tables live on its one connection). */
export async function seedSoakWorld(database: Database, members: RunMembers): Promise<SoakWorld> {
  const world = await database.db.transaction(async (tx) => {
    await growMembers(tx, members, Math.max(members.usernames.length, SOAK_WORLD.members));
    await seedFriendsAndThreads(tx);
    await seedCommunities(tx, members.prefix);
    await seedStars(tx);
    await seedSessions(tx);
    const { userIds, ...rest } = await readWorld(tx);
    const tokens = await insertSessions(tx, userIds);
    await tx.execute(sql`DROP TABLE soak_pairs, soak_communities, bench_members`);
    return { tokens, ...rest };
  });
  await database.db.execute(sql`VACUUM ANALYZE`);
  return world;
}
