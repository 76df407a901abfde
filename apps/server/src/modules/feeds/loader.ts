import { Urgency } from '@orbit/contract';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedForAny } from '../../db/prepared';
import { inIds, inIdsAt, runQueries } from '../../db/queries';
import { attachments, comments, friendships, postReactions } from '../../db/schema';
import { type FaceRow, findUsers, type UserRow } from '../faces';
import type { PostRow } from './policy';
import { type PostFile, type PostStats, postStats, ReactionKind } from './post-stats';

export type CommentRow = typeof comments.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;

export { ReactionKind } from './post-stats';

export interface CommentStats {
  all: number;
  plain: number;
  highestUrgency: number;
}

/** Everything a post's presentation needs besides the viewer, loaded for a whole page at once. */
export interface PostBundle {
  post: PostRow;
  /** Faces only: the presenters read no other column of a member (friends/faces.ts). */
  author: FaceRow;
  target: FaceRow | null;
  stats: CommentStats;
  rating: number | null;
  highFives: number;
  votes: { userId: number; optionIndex: number }[];
  attachments: PostFile[];
}

/** Per-viewer reactions: who rated what and who high-fived, for the viewers asked about. */
export interface Reactions {
  ratings: Map<string, number>;
  highFives: Set<string>;
}
/** One key for a pair of ids: (post, member) for reactions, (viewer, friend) for friendships. */
export const pairKey = (a: number, b: number) => `${a}:${b}`;

const NO_STATS: CommentStats = { all: 0, plain: 0, highestUrgency: Urgency.NONE };

export async function usersByIds(db: Queryable, ids: number[]): Promise<Map<number, UserRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await findUsers(db, unique);
  return new Map(rows.map((u) => [u.id, u]));
}

/** Reads the members a page shows (authors, targets) by id. */
export type PeopleLoader = (ids: number[]) => Promise<Map<number, FaceRow>>;

/** The members a post shows: its author, and the target of a private post. */
export const shownIds = (post: PostRow) =>
  post.targetUserId === null ? [post.authorId] : [post.authorId, post.targetUserId];

/**
 * The bundles of `rows`, in their order, in a fixed number of queries however many posts there are
 * (authors, comment counts, reaction totals, poll votes, attachments): the feed page has no N+1.
 */
export async function loadBundles(
  db: Queryable,
  rows: PostRow[],
  loadPeople: PeopleLoader = (ids) => usersByIds(db, ids),
  loadStats: (postIds: number[]) => Promise<PostStats[]> = (postIds) => postStats(db, postIds),
): Promise<PostBundle[]> {
  if (rows.length === 0) return [];
  const [people, stats] = await runQueries(db, [
    () => loadPeople(rows.flatMap(shownIds)),
    () => loadStats(rows.map((p) => p.id)),
  ]);
  const statsOf = new Map(stats.map((s) => [s.postId, s]));
  return rows.map((post) => {
    const s = statsOf.get(post.id);
    return {
      post,
      author: people.get(post.authorId) as FaceRow,
      target: post.targetUserId === null ? null : (people.get(post.targetUserId) ?? null),
      stats: s ? { all: s.all, plain: s.plain, highestUrgency: s.highestUrgency } : NO_STATS,
      rating: s?.rating == null ? null : Math.round(s.rating * 10) / 10,
      highFives: s?.highFives ?? 0,
      votes: (s?.votes ?? []).map(([userId, optionIndex]) => ({ userId, optionIndex })),
      attachments: s?.files ?? [],
    };
  });
}

const reactionsStatement = preparedForAny('feed_reactions_of', (db) =>
  db
    .select()
    .from(postReactions)
    .where(and(inIdsAt(postReactions.postId, 'posts'), inIdsAt(postReactions.userId, 'viewers'))),
);

/** No reactions at all: a post's before anyone could react to it. */
export const noReactions = (): Reactions => ({ ratings: new Map(), highFives: new Set() });

/** The reactions of `viewerIds` on `postIds`. */
export async function reactionsOf(db: Queryable, postIds: number[], viewerIds: number[]): Promise<Reactions> {
  const reactions = noReactions();
  if (postIds.length === 0 || viewerIds.length === 0) return reactions;
  const rows = await reactionsStatement(db).execute({ posts: postIds, viewers: viewerIds });
  for (const r of rows) addReaction(reactions, r.postId, r.userId, r.kind, r.value);
  return reactions;
}

/** Notes one member's reaction to a post: their rating, or their high five. */
export function addReaction(
  reactions: Reactions,
  postId: number,
  userId: number,
  kind: string,
  value: number,
) {
  const key = pairKey(postId, userId);
  if (kind === ReactionKind.RATE) reactions.ratings.set(key, value);
  else reactions.highFives.add(key);
}

/** For each of `viewerIds`, which of `userIds` are their friends: one query for a whole audience. */
export async function friendPairs(
  db: Queryable,
  viewerIds: number[],
  userIds: number[],
): Promise<Set<string>> {
  if (viewerIds.length === 0 || userIds.length === 0) return new Set();
  const rows = await db
    .select({ viewer: friendships.userId, friend: friendships.friendId })
    .from(friendships)
    .where(and(inIds(friendships.friendId, [...new Set(userIds)]), inIds(friendships.userId, viewerIds)));
  return new Set(rows.map((r) => pairKey(r.viewer, r.friend)));
}

export async function attachmentsOfComments(db: Queryable, commentIds: number[]) {
  if (commentIds.length === 0) return new Map<number, AttachmentRow[]>();
  const rows = await db
    .select()
    .from(attachments)
    .where(inArray(attachments.commentId, commentIds))
    .orderBy(attachments.id);
  const map = new Map<number, AttachmentRow[]>();
  for (const row of rows) {
    const id = row.commentId as number;
    map.set(id, [...(map.get(id) ?? []), row]);
  }
  return map;
}

/** The comments of a post the viewer may see, oldest first. */
export function visibleComments(postId: number, seesUrgent: boolean): SQL {
  const onPost = eq(comments.postId, postId);
  return seesUrgent ? onPost : (and(onPost, eq(comments.urgency, Urgency.NONE)) as SQL);
}

/**
 * The bundle of a post written in this unit of work, its author read with it (decision 0094): nobody could
 * comment, react or vote on it yet (no other transaction names it before the commit), so only a private
 * post's target and the files it came with, if any, are read.
 */
export async function writtenBundle(
  db: Queryable,
  post: PostRow,
  author: UserRow,
  withFiles: boolean,
): Promise<PostBundle | undefined> {
  const people: PeopleLoader = (ids) =>
    ids.every((id) => id === author.id)
      ? Promise.resolve(new Map([[author.id, author]]))
      : usersByIds(db, ids);
  const [bundle] = await loadBundles(db, [post], people, withFiles ? undefined : async () => []);
  return bundle;
}
