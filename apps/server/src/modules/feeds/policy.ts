import { CommunityRole, ErrorCode, PostPrivacy, Urgency } from '@orbit/contract';
import { and, eq, inArray, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { parsedJson } from '../../db/json-rows';
import { preparedForAny, preparedSql } from '../../db/prepared';
import { inIdsAt } from '../../db/queries';
import { communities, communityMembers, friendships, posts, users } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';
import type { Work } from '../../platform/tx';
import { blockedActorSql, isBlockedEitherWay, notBlockedEitherWaySql, notHiddenFromSql } from '../blocks';
import { assertIsMember, assertMember, assertReadable } from '../communities';
import { relationOf } from '../faces';

export type PostRow = typeof posts.$inferSelect;

/** Where a post lives: a member's feed or a community's. Routes name the place; a post elsewhere is a 404. */
export type FeedPlace = { kind: 'user'; ownerId?: number } | { kind: 'community'; communityId?: number };

/** What the caller may do with one post they can see. */
export interface PostAccess {
  post: PostRow;
  /** A community expert, or the owner of the member's feed: deletes what others wrote there. */
  isModerator: boolean;
  /** Experts see comments of every urgency; everyone else only urgency 0. */
  seesUrgent: boolean;
  /** A member of the post's community (read with the post); true on a member's feed, which has none. */
  isMember: boolean;
}

const noSuchPost = () => notFound('No such post');

/** A private post is for its author and its target only, experts included (docs/product/feeds-and-comments.md). */
export function seesPrivate(post: Pick<PostRow, 'privacy' | 'authorId' | 'targetUserId'>, userId: number) {
  return post.privacy !== PostPrivacy.PRIVATE || post.authorId === userId || post.targetUserId === userId;
}

/** A member's feed is read by the member and their friends (docs/decisions/0012-feeds.md). */
export async function mayReadUserFeed(db: Queryable, callerId: number, ownerId: number): Promise<boolean> {
  return callerId === ownerId || (await relationOf(db, callerId, ownerId)).isFriend;
}

/** A member blocked either way does not know the feed exists: 404 (docs/decisions/0046). */
export async function assertMayReadUserFeed(db: Queryable, callerId: number, ownerId: number) {
  if (await isBlockedEitherWay(db, callerId, ownerId)) throw notFound('No such member');
  if (!(await mayReadUserFeed(db, callerId, ownerId))) {
    throw forbidden('Only the member and their friends read this feed', ErrorCode.not_friends);
  }
}

/** Members write on their own feed and on their friends' feeds; communities take posts from members. */
export async function assertMayPostOn(db: Queryable, callerId: number, place: Required<FeedPlace>) {
  if (place.kind === 'community') return assertMember(db, place.communityId, callerId);
  await assertMayReadUserFeed(db, callerId, place.ownerId);
  return null;
}

/**
 * The post as the caller sees it (a post of a member the caller blocked is gone for them, docs/decisions/0046),
 * whether the caller and its author or its feed's owner blocked each other (a comment's contact rule), and
 * for a community's post the community and the caller's role in it: read with the post rather than in
 * statements of their own.
 */
const postSeenBy = preparedForAny('feed_post_seen_by', (db) => {
  const caller = sql.placeholder('caller');
  return db
    .select({
      post: posts,
      contactBlocked: sql<boolean>`NOT (${notBlockedEitherWaySql(caller, posts.authorId)}
        AND (${posts.ownerUserId} IS NULL OR ${notBlockedEitherWaySql(caller, posts.ownerUserId)}))`,
      community: communities,
      role: communityMembers.role,
    })
    .from(posts)
    .leftJoin(communities, eq(communities.id, posts.communityId))
    .leftJoin(
      communityMembers,
      and(eq(communityMembers.communityId, posts.communityId), eq(communityMembers.userId, caller)),
    )
    .where(and(eq(posts.id, sql.placeholder('post')), notHiddenFromSql(caller, posts.authorId)))
    .limit(1);
});

/**
 * The post, if the caller may see it where the route says it is (404 otherwise, as if it did not exist), and
 * whether a block either way stands between the caller and its author or owner.
 */
export async function openPostForContact(
  db: Queryable,
  callerId: number,
  postId: number,
  place: FeedPlace,
): Promise<{ access: PostAccess; contactBlocked: boolean }> {
  const [row] = await postSeenBy(db).execute({ post: postId, caller: callerId });
  const post = row?.post;
  if (!row || !post || !seesPrivate(post, callerId)) throw noSuchPost();
  const { contactBlocked } = row;
  if (place.kind === 'community') {
    if (post.communityId === null) throw noSuchPost();
    if (place.communityId !== undefined && place.communityId !== post.communityId) throw noSuchPost();
    if (!row.community) throw notFound('No such community');
    const standing = assertReadable(row.community.accessType, row.role ?? null);
    const access = {
      post,
      isModerator: standing.isExpert,
      seesUrgent: standing.isExpert,
      isMember: standing.isMember,
    };
    return { access, contactBlocked };
  }
  if (post.ownerUserId === null) throw noSuchPost();
  if (place.ownerId !== undefined && place.ownerId !== post.ownerUserId) throw noSuchPost();
  const reads = post.authorId === callerId || (await mayReadUserFeed(db, callerId, post.ownerUserId));
  if (!reads) throw noSuchPost();
  return {
    access: { post, isModerator: post.ownerUserId === callerId, seesUrgent: false, isMember: true },
    contactBlocked,
  };
}

/** The post, if the caller may see it where the route says it is; 404 otherwise, as if it did not exist. */
export async function openPost(
  db: Queryable,
  callerId: number,
  postId: number,
  place: FeedPlace,
): Promise<PostAccess> {
  return (await openPostForContact(db, callerId, postId, place)).access;
}

export function assertAuthor(authorId: number, callerId: number) {
  if (authorId !== callerId) throw forbidden('Only the author may do this', ErrorCode.not_author);
}

/** What of a comment is its author's own: their words, whom they @tagged, and under which identity. */
export interface AuthoredComment {
  authorId: number;
  message: string;
  taggedUsers: number[];
  identityType: number;
}

/** An edit's fields that the author alone may change; one that is absent or as stored changes nothing. */
export interface AuthorsFieldsEdit {
  message?: string;
  tagged_users?: number[];
  identity_type?: number;
}

const sameIds = (a: number[], b: number[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
};

/** True when the edit leaves the author's fields as they are (the client resends the unchanged message). */
function keepsAuthorsFields(comment: AuthoredComment, edit: AuthorsFieldsEdit) {
  return (
    (edit.message === undefined || edit.message.trim() === comment.message) &&
    (edit.tagged_users === undefined || sameIds(edit.tagged_users, comment.taggedUsers)) &&
    (edit.identity_type === undefined || edit.identity_type === comment.identityType)
  );
}

/**
 * The author edits their comment; a community expert may also change the urgency of anyone's comment there
 * (docs/product/feeds-and-comments.md#urgency), with an edit whose author's fields are absent or unchanged. Anyone else, or an expert
 * changing the words, is refused.
 */
export function assertMayEditComment(
  access: PostAccess,
  comment: AuthoredComment,
  callerId: number,
  edit: AuthorsFieldsEdit & { urgency?: number },
) {
  if (comment.authorId === callerId) return;
  const urgencyOnly = edit.urgency !== undefined && keepsAuthorsFields(comment, edit);
  if (!(urgencyOnly && isCommunityExpert(access))) assertAuthor(comment.authorId, callerId);
}

const isCommunityExpert = (access: PostAccess) => access.post.communityId !== null && access.seesUrgent;

/** Authors delete what they wrote; experts (or the feed's owner) delete anything on their feed. */
export function assertMayDelete(access: PostAccess, authorId: number, callerId: number) {
  if (authorId !== callerId && !access.isModerator) {
    throw forbidden('Only the author or the community experts may delete this', 'not_allowed');
  }
}

/** Commenting, rating and voting in a community are for its members; on a member's feed, for its readers. */
export function assertMayTakePart(access: PostAccess) {
  if (access.post.communityId !== null) assertIsMember(access);
}

/** Tags of a post: its author or a moderator. */
export function assertMayTag(access: PostAccess, callerId: number) {
  assertMayDelete(access, access.post.authorId, callerId);
}

/** Only experts set an urgency; user feeds have no experts, so their comments are always urgency 0. */
export function assertMaySetUrgency(access: PostAccess, urgency: number) {
  if (urgency > Urgency.NONE && !isCommunityExpert(access)) {
    throw forbidden('Only experts set the urgency of a comment', ErrorCode.urgency_experts_only);
  }
}

export function seesComment(access: Pick<PostAccess, 'seesUrgent'>, urgency: number) {
  return urgency === Urgency.NONE || access.seesUrgent;
}

/** Everyone a post reaches live, and who among them moderates (experts, or the feed's owner). */
export interface Audience {
  recipients: number[];
  moderators: Set<number>;
  /** Who sees comments of every urgency. */
  urgentReaders: Set<number>;
  /** The recipients' own settings, when read with them (a community's members): viewersFor need not ask. */
  settings?: Map<number, ViewerSettings>;
}

/** What of a recipient's own settings a post or comment is presented by. */
export interface ViewerSettings {
  unit: number;
  wellbeing: boolean;
}

/**
 * Whether the reader blocked the unit of work's actor (bound as `actor`, NULL for none: then nobody did), so
 * that the unit's flush needs no probe of its own for the readers (Work.knowBlockersAmong).
 */
const blocksActorSql = (reader: SQLWrapper) =>
  sql<boolean>`${blockedActorSql(reader, sql.placeholder('actor'))}`;

/**
 * A community's members in classes of those alike in everything their views are presented by (role, units,
 * wellbeing mode, a block of the actor), each class's ids one JSON array: one statement a post or comment, a
 * few rows whatever the community's size (a JSON tuple a member, decision 0072's form, had PostgreSQL build
 * 10000 arrays for a community of 10000: 13 ms where the classes take 10).
 *
 * Each member's settings are read by the users key, in a subquery that `OFFSET 0` keeps from being merged
 * into a join: planned for a known community (the first five runs of a prepared statement, and again after
 * each ANALYZE), PostgreSQL otherwise hashed the whole users table, 21 ms for 2000 members where the key
 * reads take 3 (bench `feed`: a post to 2000 sockets p99 54 to 66 ms before, 45 after).
 */
const communityAudience = preparedSql<{
  role: number;
  unit: number;
  wellbeing: boolean;
  blocks_actor: boolean;
  ids: unknown;
}>(
  'feed_community_audience',
  sql`SELECT ${communityMembers.role} AS role, reader.unit, reader.wellbeing,
      ${blocksActorSql(communityMembers.userId)} AS blocks_actor, json_agg(${communityMembers.userId}) AS ids
    FROM ${communityMembers} CROSS JOIN LATERAL (
      SELECT ${users.unitPreference} AS unit, ${users.wellbeingMode} AS wellbeing FROM ${users}
      WHERE ${users.id} = ${communityMembers.userId} OFFSET 0) AS reader
    WHERE ${communityMembers.communityId} = ${sql.placeholder('community')}
    GROUP BY 1, 2, 3, 4`,
);

/** Members alike in what their views are presented by, and whether they blocked the unit of work's actor. */
interface AudienceClass {
  role: number;
  settings: ViewerSettings;
  blocksActor: boolean;
  ids: number[];
}

async function communityClassesOf(work: Work, communityId: number, actor: number | null) {
  const { rows } = await communityAudience(work.tx).execute({ community: communityId, actor });
  return rows.map(
    (row): AudienceClass => ({
      role: row.role,
      settings: { unit: row.unit, wellbeing: row.wellbeing },
      blocksActor: row.blocks_actor,
      ids: parsedJson(row.ids) as number[],
    }),
  );
}

/**
 * A member's feed's readers (the owner, the author and the owner's friends) with the settings their views are
 * presented by, in one statement.
 */
const memberFeedAudience = preparedForAny('feed_member_audience', (db) =>
  db
    .select({
      userId: users.id,
      unit: users.unitPreference,
      wellbeing: users.wellbeingMode,
      blocksActor: blocksActorSql(users.id),
    })
    .from(users)
    .where(
      or(
        inIdsAt(users.id, 'ids'),
        inArray(
          users.id,
          db
            .select({ id: friendships.friendId })
            .from(friendships)
            .where(eq(friendships.userId, sql.placeholder('owner'))),
        ),
      ),
    ),
);

type AudienceRow = { userId: number; unit: number; wellbeing: boolean; blocksActor: boolean };

/** The readers' settings for their views; which of them blocked the actor, for the unit of work's flush. */
function settingsOf(work: Work, rows: AudienceRow[]) {
  work.knowBlockersAmong(
    rows.map((row) => row.userId),
    rows.filter((row) => row.blocksActor).map((row) => row.userId),
  );
  return new Map(rows.map((m) => [m.userId, { unit: m.unit, wellbeing: m.wellbeing }]));
}

/**
 * Members of a community receive its posts (public communities too: readers who are not members fetch);
 * a member's feed reaches the member, the author and the member's friends; a private post only its two.
 */
export async function audienceOf(
  work: Work,
  post: Pick<PostRow, 'communityId' | 'ownerUserId' | 'authorId' | 'privacy' | 'targetUserId'>,
): Promise<Audience> {
  const actor = work.actor ?? null;
  const moderators = new Set<number>();
  const urgentReaders = new Set<number>();
  let everyone: number[];
  let settings: Map<number, ViewerSettings>;
  if (post.communityId !== null) {
    const classes = await communityClassesOf(work, post.communityId, actor);
    for (const { ids } of classes.filter((c) => c.role === CommunityRole.EXPERT)) {
      for (const id of ids) {
        moderators.add(id);
        urgentReaders.add(id);
      }
    }
    everyone = classes.flatMap((c) => c.ids);
    work.knowBlockersAmong(
      everyone,
      classes.filter((c) => c.blocksActor).flatMap((c) => c.ids),
    );
    settings = new Map(classes.flatMap((c) => c.ids.map((id) => [id, c.settings] as const)));
  } else {
    const owner = post.ownerUserId as number;
    const readers = await memberFeedAudience(work.tx).execute({ ids: [owner, post.authorId], owner, actor });
    moderators.add(owner);
    everyone = [owner, post.authorId, ...readers.map((r) => r.userId)];
    settings = settingsOf(work, readers);
  }
  if (post.privacy === PostPrivacy.PRIVATE) everyone = [post.authorId, post.targetUserId ?? post.authorId];
  return { recipients: [...new Set(everyone)], moderators, urgentReaders, settings };
}
