import {
  type EditPostBody,
  ErrorCode,
  EventSubtype,
  type FeedFilters,
  type FeedPost,
  IdentityType,
  PostPrivacy,
  PostType,
  TagContext,
} from '@orbit/contract';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { tableRowFromJson } from '../../db/json-rows';
import { placeholdersFor, preparedForAny } from '../../db/prepared';
import { runQueries } from '../../db/queries';
import { attachments, postReactions, posts, users } from '../../db/schema';
import type { PostActivity } from '../../db/schema/feeds';
import { type AppDeps, unitOfWork } from '../../deps';
import { badRequest, notFound } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { assertMayRead, type CommunityStanding, standingIn } from '../communities';
import type { UserRow } from '../faces';
import { recordInteraction, StarTarget } from '../stars';
import { recordTags } from '../tags';
import { type AnnouncedView, announcePost } from './events';
import { claimPostImages, removeStoredFiles, type WarnLog } from './files';
import { checkTaggedUsers, cleanMessage, cleanTags } from './input';
import { loadBundles, ReactionKind, reactionsOf } from './loader';
import { removePost } from './moderation';
import { pushExpertPost } from './notices';
import { feedPage } from './page';
import {
  type Audience,
  assertAuthor,
  assertMayDelete,
  assertMayPostOn,
  assertMayReadUserFeed,
  assertMayTag,
  assertMayTakePart,
  audienceOf,
  type FeedPlace,
  mayReadUserFeed,
  openPost,
  type PostAccess,
  type PostRow,
} from './policy';
import { presentPost, type Viewer } from './presenter';
import { viewersFor } from './viewers';

/** What a new post says, whatever feed it goes to. */
export interface PostInput {
  message?: string;
  identity_type?: number;
  privacy?: number;
  tagged_users?: number[];
  target_user_id?: number | null;
  /** The composer's images: its author's pending uploads of POST /user/post_image. */
  attachments?: { id: number }[];
}

/** A post's extras: a poll (type 5), or attachments written by the attachments module in the same transaction. */
export interface PostExtras {
  type?: number;
  poll?: { question: string; options: string[]; expiresAt: Date };
  hasAttachments?: boolean;
  /** A SYSTEM_ACTIVITY post's session summary (the activities module, issue 6): its message may be empty. */
  activity?: PostActivity;
}

/** What announcing needs of the deps: the hooks, so a caller's unit of work can announce on its own. */
export type Hooked = Pick<AppDeps, 'hooks'>;

/**
 * Announces the members newly @tagged in a post or a comment, in its transaction (`deps.hooks`, wired to the
 * notifications in wiring.ts); they also receive the item's live event, being among its readers.
 */
export async function notifyTagged(deps: Hooked, work: Work, post: PostRow, memberIds: number[]) {
  if (memberIds.length === 0) return;
  await deps.hooks.membersTagged(work, post, memberIds);
}

/** A private post needs a target who reads the feed and is not the author. */
async function targetOf(db: Queryable, authorId: number, place: Required<FeedPlace>, input: PostInput) {
  if ((input.privacy ?? PostPrivacy.PUBLIC) !== PostPrivacy.PRIVATE) return null;
  const targetId = input.target_user_id;
  if (targetId === undefined || targetId === null) {
    throw badRequest(ErrorCode.target_required, 'A private post needs the member it is for');
  }
  const reads =
    place.kind === 'community'
      ? (await standingIn(db, place.communityId, targetId).catch(() => null))?.isMember === true
      : (await db.select({ id: users.id }).from(users).where(eq(users.id, targetId))).length > 0 &&
        (await mayReadUserFeed(db, targetId, place.ownerId));
  if (targetId === authorId || !reads) {
    throw badRequest(ErrorCode.invalid_target, 'A private post is for another member of this feed');
  }
  return targetId;
}

/** Who the author interacted with by writing here: the community, or the member whose feed it is. */
export async function recordFeedInteraction(work: Work, authorId: number, post: PostRow) {
  if (post.communityId !== null)
    await recordInteraction(work, authorId, StarTarget.COMMUNITY, post.communityId);
  else if (post.ownerUserId !== null && post.ownerUserId !== authorId) {
    await recordInteraction(work, authorId, StarTarget.USER, post.ownerUserId);
  }
}

/**
 * Every post written: all of its columns bound, so that one statement serves every kind of post; with its
 * author's row, which its announcement shows (decision 0094).
 */
const insertPost = preparedForAny('feed_post_insert', (db) =>
  db
    .insert(posts)
    .values(
      placeholdersFor([
        'communityId',
        'ownerUserId',
        'authorId',
        'type',
        'message',
        'identityType',
        'privacy',
        'targetUserId',
        'pollQuestion',
        'pollOptions',
        'pollExpiresAt',
        'activity',
        'taggedUsers',
      ]),
    )
    .returning({
      ...getTableColumns(posts),
      author: sql<unknown>`(SELECT to_json(${users}) FROM ${users} WHERE ${users.id} = ${posts.authorId})`,
    }),
);
const authorFromJson = tableRowFromJson(users);

/**
 * Writes a post after every rule (may post here, message, private target, @tags) in the caller's
 * transaction and claims the composer's images, without announcing it: the attachments module adds its
 * files, then calls publishNewPost.
 */
export async function writePost(
  work: Work,
  authorId: number,
  place: Required<FeedPlace>,
  input: PostInput,
  extras: PostExtras = {},
): Promise<WrittenPost> {
  const db = work.tx;
  const standing = await assertMayPostOn(db, authorId, place);
  const type = extras.type ?? PostType.USER;
  const imageIds = (input.attachments ?? []).map((image) => image.id);
  const message =
    type === PostType.POLL
      ? (input.message ?? '').trim()
      : cleanMessage(
          input.message,
          extras.hasAttachments || imageIds.length > 0 || extras.activity !== undefined,
        );
  const targetUserId = await targetOf(db, authorId, place, input);
  const row = {
    communityId: place.kind === 'community' ? place.communityId : null,
    ownerUserId: place.kind === 'user' ? place.ownerId : null,
    authorId,
    type,
    message,
    identityType: input.identity_type ?? IdentityType.USERNAME,
    privacy: targetUserId === null ? PostPrivacy.PUBLIC : PostPrivacy.PRIVATE,
    targetUserId,
    pollQuestion: extras.poll?.question ?? null,
    pollOptions: extras.poll?.options ?? null,
    pollExpiresAt: extras.poll?.expiresAt ?? null,
    activity: extras.activity ?? null,
  };
  const audience = await audienceOf(work, row);
  const taggedUsers = await checkTaggedUsers(db, authorId, message, input.tagged_users, audience.recipients);
  const [{ author, ...post }] = await insertPost(db).execute({ ...row, taggedUsers });
  await claimPostImages(db, authorId, imageIds, (post as PostRow).id);
  await recordFeedInteraction(work, authorId, post as PostRow);
  const withFiles = extras.hasAttachments === true || imageIds.length > 0;
  return { post: post as PostRow, audience, standing, author: authorFromJson(author) as UserRow, withFiles };
}

/** A post just written in this unit of work, with who reads it (written, not yet announced). */
export interface WrittenPost {
  post: PostRow;
  audience: Audience;
  /** The author's standing in the post's community, as the check to post read it (null on a member's feed). */
  standing: CommunityStanding | null;
  author: UserRow;
  /** Whether files came with it (the composer's images, or the attachments module's uploads). */
  withFiles: boolean;
}

/**
 * Announces a new post to its readers and hands its @tagged members to the notification hook. Answers the
 * post as the author sees it (`presentAfterAnnouncing`).
 */
export async function publishNewPost(
  deps: Hooked,
  work: Work,
  { post, audience, standing, author, withFiles }: WrittenPost,
): Promise<FeedPost> {
  const viewOf = await announcePost(work, post, EventSubtype.NEW, { audience, author, withFiles });
  await notifyTagged(deps, work, post, post.taggedUsers);
  await pushExpertPost(work, post, standing, author);
  return presentAfterAnnouncing(work, post.authorId, viewOf, post);
}

/**
 * The post as the caller sees it, taken from its announcement (the same view their sockets get), or read and
 * presented afresh when the caller was not among its readers.
 */
async function presentAfterAnnouncing(work: Work, callerId: number, viewOf: AnnouncedView, post: PostRow) {
  const place: FeedPlace = { kind: post.communityId === null ? 'user' : 'community' };
  return viewOf(callerId) ?? presentFor(work.tx, callerId, await openPost(work.tx, callerId, post.id, place));
}

/** One post as the caller sees it (the same shape as a feed page's items). */
export async function presentFor(db: Queryable, callerId: number, access: PostAccess): Promise<FeedPost> {
  const [bundle] = await loadBundles(db, [access.post]);
  const shown = bundle.target ? [bundle.author, bundle.target] : [bundle.author];
  const [reactions, viewers] = await runQueries(db, [
    () => reactionsOf(db, [access.post.id], [callerId]),
    () => viewersFor(db, [callerId], rolesOf(callerId, access), shown, access.post.activity !== null),
  ]);
  return presentPost(bundle, viewers.get(callerId) as Viewer, reactions);
}

function rolesOf(callerId: number, access: Pick<PostAccess, 'isModerator' | 'seesUrgent'>) {
  return {
    moderators: new Set(access.isModerator ? [callerId] : []),
    urgentReaders: new Set(access.seesUrgent ? [callerId] : []),
  };
}

/** Writes a post and answers it as its author sees it. */
export async function createPost(
  deps: AppDeps,
  callerId: number,
  place: Required<FeedPlace>,
  input: PostInput,
  extras: PostExtras = {},
): Promise<FeedPost> {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    return publishNewPost(deps, work, await writePost(work, callerId, place, input, extras));
  });
}

export async function getPost(deps: AppDeps, callerId: number, postId: number, place: FeedPlace) {
  return presentFor(deps.db, callerId, await openPost(deps.db, callerId, postId, place));
}

/** The zone the date filters' days are in: the caller's, read only when a date filter asks. */
async function dayZone(db: Queryable, callerId: number, filters: FeedFilters) {
  if (!filters.date && !filters.start_date && !filters.end_date) return 'UTC';
  const [caller] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, callerId));
  return caller?.timezone ?? 'UTC';
}

/** GET /user/feeds and /community/feeds: a page of posts, each as the caller sees it, in a bounded number of queries. */
export async function listFeed(
  deps: AppDeps,
  callerId: number,
  place: Required<FeedPlace>,
  filters: FeedFilters,
) {
  const db = deps.db;
  let roles: Pick<PostAccess, 'isModerator' | 'seesUrgent'>;
  let feed: SQL;
  if (place.kind === 'community') {
    const standing = await assertMayRead(db, place.communityId, callerId);
    roles = { isModerator: standing.isExpert, seesUrgent: standing.isExpert };
    feed = eq(posts.communityId, place.communityId);
  } else {
    await assertMayReadUserFeed(db, callerId, place.ownerId);
    roles = { isModerator: place.ownerId === callerId, seesUrgent: false };
    feed = eq(posts.ownerUserId, place.ownerId);
  }
  const page = await feedPage(db, callerId, feed, filters, await dayZone(db, callerId, filters));
  const bundles = await loadBundles(db, page.rows);
  const shown = bundles.flatMap((b) => (b.target ? [b.author, b.target] : [b.author]));
  const [reactions, viewers] = await Promise.all([
    reactionsOf(
      db,
      page.rows.map((p) => p.id),
      [callerId],
    ),
    viewersFor(
      db,
      [callerId],
      rolesOf(callerId, roles),
      shown,
      page.rows.some((p) => p.activity !== null),
    ),
  ]);
  const viewer = viewers.get(callerId);
  if (!viewer) throw notFound('No such member');
  const now = new Date();
  return {
    items: bundles.map((b) => presentPost(b, viewer, reactions, now)),
    older_key: page.older_key,
    newer_key: page.newer_key,
  };
}

/** The author edits the message, its @tags and the identity; everyone who sees the post gets the update. */
export async function editPost(
  deps: AppDeps,
  callerId: number,
  postId: number,
  place: FeedPlace,
  body: EditPostBody,
) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const access = await openPost(work.tx, callerId, postId, place);
    const { post } = access;
    assertAuthor(post.authorId, callerId);
    const files = await work.tx
      .select({ id: attachments.id })
      .from(attachments)
      .where(eq(attachments.postId, post.id))
      .limit(1);
    const message =
      body.message === undefined
        ? post.message
        : post.type === PostType.POLL
          ? body.message.trim()
          : cleanMessage(body.message, files.length > 0);
    const audience = await audienceOf(work, post);
    const tagged =
      body.tagged_users === undefined
        ? post.taggedUsers
        : await checkTaggedUsers(work.tx, callerId, message, body.tagged_users, audience.recipients);
    const [updated] = await work.tx
      .update(posts)
      .set({
        message,
        taggedUsers: tagged,
        identityType: body.identity_type ?? post.identityType,
        updatedAt: new Date(),
      })
      .where(eq(posts.id, post.id))
      .returning();
    return finishUpdate(
      deps,
      work,
      callerId,
      { ...access, post: updated as PostRow },
      tagged.filter((id) => !post.taggedUsers.includes(id)),
    );
  });
}

async function finishUpdate(
  deps: Hooked,
  work: Work,
  callerId: number,
  access: PostAccess,
  newlyTagged: number[] = [],
) {
  const viewOf = await announcePost(work, access.post, EventSubtype.UPDATE);
  await notifyTagged(deps, work, access.post, newlyTagged);
  return viewOf(callerId) ?? presentFor(work.tx, callerId, access);
}

/**
 * The author, or a moderator (experts; the feed's owner), deletes; readers get DELETE with the post as it
 * was. Its files and its comments' files leave storage once the deletion has committed.
 */
export async function deletePost(
  deps: AppDeps,
  callerId: number,
  postId: number,
  place: FeedPlace,
  log: WarnLog,
) {
  const storageKeys = await inTransaction(unitOfWork(deps, callerId), async (work) => {
    const access = await openPost(work.tx, callerId, postId, place);
    assertMayDelete(access, access.post.authorId, callerId);
    return removePost(work, access.post);
  });
  await removeStoredFiles(deps.storage, storageKeys, log);
  return { ok: true };
}

/** PUT .../tags: the post's tags (blank and repeated ignored), remembered in the caller's tag history. */
export async function setPostTags(
  deps: AppDeps,
  callerId: number,
  postId: number,
  place: FeedPlace,
  raw: string[],
) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const access = await openPost(work.tx, callerId, postId, place);
    assertMayTag(access, callerId);
    const tags = cleanTags(raw);
    const [updated] = await work.tx
      .update(posts)
      .set({ tags, updatedAt: new Date() })
      .where(eq(posts.id, postId))
      .returning();
    const context = access.post.communityId === null ? TagContext.USER_POST : TagContext.COMMUNITY_POST;
    await recordTags(work.tx, callerId, context, tags);
    return finishUpdate(deps, work, callerId, { ...access, post: updated as PostRow });
  });
}

/** Rate 1..5: one rating per member, a new one replaces theirs. */
export async function ratePost(
  deps: AppDeps,
  callerId: number,
  postId: number,
  place: FeedPlace,
  rating: number,
) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const access = await openPost(work.tx, callerId, postId, place);
    assertMayTakePart(access);
    await work.tx
      .insert(postReactions)
      .values({ postId, userId: callerId, kind: ReactionKind.RATE, value: rating })
      .onConflictDoUpdate({
        target: [postReactions.postId, postReactions.userId, postReactions.kind],
        set: { value: rating, createdAt: new Date() },
      });
    return finishUpdate(deps, work, callerId, access);
  });
}

/** High five: one per member; asking again takes it back. */
export async function toggleHighFive(deps: AppDeps, callerId: number, postId: number, place: FeedPlace) {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const access = await openPost(work.tx, callerId, postId, place);
    assertMayTakePart(access);
    const mine = and(
      eq(postReactions.postId, postId),
      eq(postReactions.userId, callerId),
      eq(postReactions.kind, ReactionKind.HIGH_FIVE),
    );
    const removed = await work.tx
      .delete(postReactions)
      .where(mine)
      .returning({ postId: postReactions.postId });
    if (removed.length === 0) {
      await work.tx
        .insert(postReactions)
        .values({ postId, userId: callerId, kind: ReactionKind.HIGH_FIVE })
        .onConflictDoNothing();
    }
    return finishUpdate(deps, work, callerId, access);
  });
}
