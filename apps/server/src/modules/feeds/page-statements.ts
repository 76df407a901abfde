import { createHash } from 'node:crypto';
import { LIMITS, PostPrivacy } from '@orbit/contract';
import { and, desc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  communities,
  communityMembers,
  friendships,
  postReactions,
  posts,
  userBlocks,
  users,
} from '../../db/schema';
import { channelStream, personalStream, type StreamsAt, streamsAtSql } from '../../platform/realtime/history';
import { type FaceRow, faceFieldsSql } from '../faces';
import type { PostRow } from './policy';
import { type PostStats, statsFieldsOf, statsOfRead } from './post-stats';

/**
 * The prepared statements of a community's first feed page (docs/decisions/0031): the window of posts any
 * member's page is cut from, read with the faces it shows, and the per-call check.
 */

/** At most this many posts in a window: beyond it, the members who see many private posts read uncached. */
export const WINDOW_MAX = 100;

/** The faces of the members `ids`, as one JSON array ordered by id: its text is what the digest is of. */
const facesAggSql = (ids: SQLWrapper) =>
  sql`(SELECT json_agg(json_build_object(${faceFieldsSql()}) ORDER BY ${users.id})
    FROM ${users} WHERE ${users.id} = ANY(${ids}::int[]))`;

/** A digest of those faces: equal digests, equal faces, whatever changed them (name, picture, privacy). */
const facesDigestSql = (ids: SQLWrapper) => sql<string>`md5(coalesce(${facesAggSql(ids)}::text, ''))`;

/**
 * The community's newest posts down to its (page size + 1)-th public one, private posts between included:
 * every reader sees all the public ones and some private ones, so the first page of each, and whether an
 * older page exists, is cut from this window. Without that many public posts, the whole feed (up to
 * WINDOW_MAX). Read with each post's stats and, on the newest row only, the faces of the members the window
 * shows as one JSON text: one statement and so one snapshot where there were three (decision 0097).
 */
const windowStatement = preparedPerDatabase((db) => {
  const community = sql.placeholder('community');
  const floor = sql`coalesce((SELECT p.id FROM ${posts} p
    WHERE p.community_id = ${community} AND p.privacy = ${PostPrivacy.PUBLIC}
    ORDER BY p.id DESC OFFSET ${LIMITS.feedPageSize} LIMIT 1), 0)`;
  const window = db.$with('feed_window').as(
    db
      .select({ id: posts.id, authorId: posts.authorId, targetId: posts.targetUserId })
      .from(posts)
      .where(and(eq(posts.communityId, community), sql`${posts.id} >= ${floor}`))
      .orderBy(desc(posts.id))
      .limit(WINDOW_MAX),
  );
  const shown = sql`(SELECT array_agg(s.id) FROM ${window}
    CROSS JOIN LATERAL unnest(ARRAY[${window.authorId}, ${window.targetId}]) AS s(id))`;
  return db
    .with(window)
    .select({
      post: posts,
      // Qualified: drizzle names a one-table query's columns bare, which the subqueries' tables would take.
      ...statsFieldsOf(sql`${posts}.${sql.identifier(posts.id.name)}`),
      faces: sql<string | null>`CASE WHEN row_number() OVER (ORDER BY ${posts.id} DESC) = 1
        THEN ${facesAggSql(shown)}::text END`,
    })
    .from(posts)
    .where(inArray(posts.id, db.select({ id: window.id }).from(window)))
    .orderBy(desc(posts.id))
    .prepare('feed_page_window');
});

/** A window as read: its posts newest first, their stats, and the faces it shows with their digest. */
export interface WindowRead {
  rows: PostRow[];
  stats: PostStats[];
  faces: FaceRow[];
  /** What the check's `facesDigestSql` answers for the same faces: the digest of the same text. */
  digest: string;
}

export async function pageWindow(db: Db, communityId: number): Promise<WindowRead> {
  const read = await windowStatement(db).execute({ community: communityId });
  const facesText = read[0]?.faces ?? '';
  return {
    rows: read.map((row) => row.post),
    stats: read.map((row) => statsOfRead(row.post.id, row)),
    faces: facesText === '' ? [] : JSON.parse(facesText),
    digest: createHash('md5').update(facesText).digest('hex'),
  };
}

/** What the check reads about a window: its posts, the members it shows, and the private ones among them. */
export interface WindowReach {
  ids: number[];
  shown: number[];
  privateShown: number[];
}

/** The check's answer; none when the community does not exist. */
export interface PageCheck {
  accessType: number;
  role: number | null;
  /** The community channel's position (decision 0004): every change of a post, comment, vote moves it. */
  position: string;
  /** Where the streams stood in the check's snapshot (decision 0078). */
  streams: CheckStreams;
  /** The digest of the window's faces as they are now. */
  faces: string;
  /** The caller's reactions on the window's posts: [post, kind, value], in one order. */
  reactions: [number, string, number][] | null;
  /** The caller's friends among the window's private members (who show them their persona). */
  friends: number[] | null;
  unit: number | null;
  /** The caller's wellbeing mode: their page leaves the public counts out (decision 0044). */
  wellbeing: boolean | null;
  /** The caller blocked someone: their page leaves those members' posts out, so it is read uncached (0046). */
  blocks: boolean;
}

/**
 * Everything a call asks besides the cached window, in one statement and so one snapshot: may the caller
 * read the community and as what, has anything changed since the window was read (the channel's position,
 * the faces), and what of the page is the caller's own (reactions, friendships, unit).
 */
const checkStatement = preparedPerDatabase((db) => {
  const viewer = sql.placeholder('viewer');
  const reach = {
    ids: sql.placeholder('ids'),
    shown: sql.placeholder('shown'),
    private: sql.placeholder('private'),
  };
  return db
    .select({
      accessType: communities.accessType,
      role: sql<number | null>`(SELECT ${communityMembers.role} FROM ${communityMembers}
        WHERE ${communityMembers.communityId} = ${communities.id} AND ${communityMembers.userId} = ${viewer})`,
      streams: streamsAtSql(sql.placeholder('streams')),
      faces: facesDigestSql(reach.shown),
      reactions: sql<[number, string, number][] | null>`(SELECT json_agg(json_build_array(
          ${postReactions.postId}, ${postReactions.kind}, ${postReactions.value})
          ORDER BY ${postReactions.postId}, ${postReactions.kind})
        FROM ${postReactions}
        WHERE ${postReactions.postId} = ANY(${reach.ids}::int[]) AND ${postReactions.userId} = ${viewer})`,
      friends: sql<number[] | null>`(SELECT json_agg(${friendships.friendId} ORDER BY ${friendships.friendId})
        FROM ${friendships}
        WHERE ${friendships.userId} = ${viewer} AND ${friendships.friendId} = ANY(${reach.private}::int[]))`,
      unit: sql<number | null>`(SELECT ${users.unitPreference} FROM ${users} WHERE ${users.id} = ${viewer})`,
      wellbeing: sql<
        boolean | null
      >`(SELECT ${users.wellbeingMode} FROM ${users} WHERE ${users.id} = ${viewer})`,
      blocks: sql<boolean>`EXISTS (SELECT 1 FROM ${userBlocks} WHERE ${userBlocks.blockerId} = ${viewer})`,
    })
    .from(communities)
    .where(eq(communities.id, sql.placeholder('community')))
    .prepare('feed_page_check');
});

export async function checkPage(
  db: Db,
  communityId: number,
  viewerId: number,
  reach: WindowReach,
): Promise<PageCheck | null> {
  const [row] = await checkStatement(db).execute({
    community: communityId,
    viewer: viewerId,
    ids: reach.ids,
    shown: reach.shown,
    private: reach.privateShown,
    streams: [channelStream(communityId), personalStream(viewerId)],
  });
  if (!row) return null;
  const [channel, reader] = row.streams;
  return { ...row, position: String(channel[1]), streams: { reader: [channel, reader], window: [channel] } };
}

/**
 * The check's streams as what each kept part is heard on. The faces a window shows change with no event on
 * them, and are heard through their notification (migration 0031).
 */
export interface CheckStreams {
  /**
   * The community channel and the caller's personal stream: every change of the caller's part of the page
   * (their role, reactions, friendships, blocks, unit, wellbeing mode) is an event on one of them.
   */
  reader: StreamsAt;
  /** The community channel: every change of its posts, comments and votes is an event on it (decision 0004). */
  window: StreamsAt;
}
