import { type EditCommentBody, EventSubtype, type FeedComment, IdentityType, Urgency } from '@orbit/contract';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { tableRowFromJson } from '../../db/json-rows';
import { placeholdersFor, preparedForAny } from '../../db/prepared';
import { runQueries } from '../../db/queries';
import { comments, users } from '../../db/schema';
import { type AppDeps, unitOfWork } from '../../deps';
import { notFound } from '../../platform/errors';
import { inTransaction, type Work } from '../../platform/tx';
import { blockedContact, notHiddenFromSql } from '../blocks';
import { presentMemberFace, seesOthersPersonaSql, type UserRow } from '../faces';
import { type AnnouncedComment, announceComment, type CommentAnnouncement, type FeedSubtype } from './events';
import { detachFiles, removeStoredFiles, type WarnLog } from './files';
import { checkTaggedUsers, cleanMessage } from './input';
import {
  type AttachmentRow,
  attachmentsOfComments,
  type CommentRow,
  usersByIds,
  visibleComments,
} from './loader';
import { notifyComment } from './notices';
import {
  assertMayDelete,
  assertMayEditComment,
  assertMaySetUrgency,
  assertMayTakePart,
  audienceOf,
  type FeedPlace,
  openPost,
  openPostForContact,
  type PostAccess,
  seesComment,
} from './policy';
import { presentComment, type Viewer } from './presenter';
import { type Hooked, notifyTagged, recordFeedInteraction } from './service';
import { viewersFor } from './viewers';

export interface CommentInput {
  message?: string;
  identity_type?: number;
  tagged_users?: number[];
  urgency?: number;
}

/** What a write has read already of the comments it presents: their authors' rows and their files. */
interface KnownOfComments {
  people: Map<number, UserRow>;
  files: Awaited<ReturnType<typeof attachmentsOfComments>>;
}

/**
 * The comments `rows` of the post, each as the caller sees them, in three queries however many there are
 * (one when the authors and files are `known`).
 */
async function presentAll(
  db: Queryable,
  callerId: number,
  access: PostAccess,
  rows: CommentRow[],
  known?: KnownOfComments,
) {
  const { people, files } = known ?? (await readAuthorsAndFiles(db, rows));
  const roles = {
    moderators: new Set(access.isModerator ? [callerId] : []),
    urgentReaders: new Set(access.seesUrgent ? [callerId] : []),
  };
  const viewers = await viewersFor(db, [callerId], roles, [...people.values()], false);
  const viewer = viewers.get(callerId) as Viewer;
  return rows.map((comment) =>
    presentComment(
      {
        comment,
        author: people.get(comment.authorId) as UserRow,
        communityId: access.post.communityId,
        attachments: files.get(comment.id) ?? [],
      },
      viewer,
    ),
  );
}

/** GET /user/comments and /community/feed/comments: oldest first; non-experts get urgency-0 comments only. */
export async function listComments(deps: AppDeps, callerId: number, postId: number, place: FeedPlace) {
  const access = await openPost(deps.db, callerId, postId, place);
  const rows = await deps.db
    .select()
    .from(comments)
    .where(and(visibleComments(postId, access.seesUrgent), notHiddenFromSql(callerId, comments.authorId)))
    .orderBy(asc(comments.id));
  return presentAll(deps.db, callerId, access, rows);
}

/** The comment on the post, if the caller may see it (an urgent one is a 404 for a non-expert). */
async function openComment(db: Queryable, access: PostAccess, commentId: number): Promise<CommentRow> {
  const [comment] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.postId, access.post.id)))
    .limit(1);
  if (!comment || !seesComment(access, comment.urgency)) throw notFound('No such comment');
  return comment;
}

/** @tags of a comment name members who receive it (experts only, when it is urgent). */
async function taggedIn(
  work: Work,
  authorId: number,
  access: PostAccess,
  message: string,
  urgency: number,
  tagged?: number[],
) {
  // Most comments tag nobody: their post's readers (a whole community) are not read for nothing.
  if (!tagged || tagged.length === 0) return [];
  const audience = await audienceOf(work, access.post);
  const reach =
    urgency === Urgency.NONE
      ? audience.recipients
      : audience.recipients.filter((id) => audience.urgentReaders.has(id));
  return checkTaggedUsers(work.tx, authorId, message, tagged, reach);
}

async function readAuthorsAndFiles(db: Queryable, rows: CommentRow[]): Promise<KnownOfComments> {
  const [people, files] = await runQueries(db, [
    () =>
      usersByIds(
        db,
        rows.map((c) => c.authorId),
      ),
    () =>
      attachmentsOfComments(
        db,
        rows.map((c) => c.id),
      ),
  ]);
  return { people, files };
}

const authorOf = async (db: Queryable, comment: CommentRow) =>
  (await usersByIds(db, [comment.authorId])).get(comment.authorId) as UserRow;

/** Tells the comment's readers (experts only, when it is urgent) that it came, changed or went. */
async function announce(
  work: Work,
  access: PostAccess,
  comment: CommentRow,
  subtype: FeedSubtype,
  known: CommentAnnouncement & { author?: UserRow } = {},
): Promise<AnnouncedComment> {
  const author = known.author ?? (await authorOf(work.tx, comment));
  return announceComment(work, access.post, comment, author, subtype, known);
}

/**
 * A comment made urgent leaves the view of everyone but the experts (docs/product/feeds-and-comments.md#urgency): the others get its DELETE.
 * Made not urgent again, the UPDATE to every reader brings it back.
 */
async function announceEdit(work: Work, access: PostAccess, before: CommentRow, after: CommentRow) {
  await announce(work, access, after, EventSubtype.UPDATE);
  if (before.urgency === Urgency.NONE && after.urgency !== Urgency.NONE) {
    await announce(work, access, before, EventSubtype.DELETE, { readers: 'not-urgent-readers' });
  }
}

export async function presentOne(db: Queryable, callerId: number, access: PostAccess, comment: CommentRow) {
  const [presented] = await presentAll(db, callerId, access, [comment]);
  return presented as FeedComment;
}

/**
 * The post the caller comments on: one they see, in a community only as a member, neither written by nor on
 * the feed of a member blocked either way (403 blocked).
 */
export async function openForComment(db: Queryable, callerId: number, postId: number, place: FeedPlace) {
  const { access, contactBlocked } = await openPostForContact(db, callerId, postId, place);
  if (contactBlocked) throw blockedContact();
  assertMayTakePart(access);
  return access;
}

/**
 * The comment written, with its author's row (the announcement names them, decision 0094) and whether the
 * post's author sees their persona (their notification names them so): one statement.
 */
const insertComment = preparedForAny('feed_comment_insert', (db) =>
  db
    .insert(comments)
    .values(placeholdersFor(['postId', 'authorId', 'message', 'identityType', 'urgency', 'taggedUsers']))
    .returning({
      ...getTableColumns(comments),
      author: sql<unknown>`(SELECT to_json(${users}) FROM ${users} WHERE ${users.id} = ${comments.authorId})`,
      personaSeenByPostAuthor: sql<boolean>`(SELECT ${seesOthersPersonaSql(sql.placeholder('postAuthorId'))}
        FROM ${users} WHERE ${users.id} = ${comments.authorId})`,
    }),
);
const authorFromJson = tableRowFromJson(users);

/**
 * Writes a comment after every rule (may comment, message, urgency, @tags) in the caller's transaction,
 * without announcing it: the attachments module adds its files, then calls publishNewComment.
 */
export async function writeComment(
  work: Work,
  callerId: number,
  postId: number,
  place: FeedPlace,
  input: CommentInput,
  extras: { hasAttachments?: boolean } = {},
) {
  const access = await openForComment(work.tx, callerId, postId, place);
  const message = cleanMessage(input.message, extras.hasAttachments);
  const urgency = input.urgency ?? Urgency.NONE;
  assertMaySetUrgency(access, urgency);
  const taggedUsers = await taggedIn(work, callerId, access, message, urgency, input.tagged_users);
  const [{ author, personaSeenByPostAuthor, ...comment }] = await insertComment(work.tx).execute({
    postId,
    postAuthorId: access.post.authorId,
    authorId: callerId,
    message,
    identityType: input.identity_type ?? IdentityType.USERNAME,
    urgency,
    taggedUsers,
  });
  await recordFeedInteraction(work, callerId, access.post);
  return {
    access,
    comment: comment as CommentRow,
    author: authorFromJson(author) as UserRow,
    personaSeenByPostAuthor,
  };
}

/**
 * Announces a new comment to its readers and tells the notifications about it and its @tagged members.
 * Answers its author's row and the readers' views of it.
 */
export async function publishNewComment(
  deps: Hooked,
  work: Work,
  access: PostAccess,
  written: { comment: CommentRow; author: UserRow; personaSeenByPostAuthor: boolean },
  /** Its files, when the caller knows them (none for a comment just written without any). */
  attachments?: AttachmentRow[],
) {
  const { comment, author } = written;
  await notifyTagged(deps, work, access.post, comment.taggedUsers);
  await notifyComment(work, access.post, comment, presentMemberFace(author, written.personaSeenByPostAuthor));
  const viewOf = await announce(work, access, comment, EventSubtype.NEW, { author, attachments });
  return { viewOf };
}

/** POST /user/comment and /community/feed/comment. */
export async function createComment(
  deps: AppDeps,
  callerId: number,
  postId: number,
  place: FeedPlace,
  input: CommentInput,
): Promise<FeedComment> {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const { access, ...written } = await writeComment(work, callerId, postId, place, input);
    const { comment, author } = written;
    const { viewOf } = await publishNewComment(deps, work, access, written, []);
    const announced = viewOf(callerId);
    if (announced) return announced;
    // Just written, without files (those come through the attachments' route): its author was read to announce it.
    const known = { people: new Map([[author.id, author]]), files: new Map() };
    const [presented] = await presentAll(work.tx, callerId, access, [comment], known);
    return presented as FeedComment;
  });
}

/**
 * The author edits; only an expert may give it an urgency, on anyone's comment of their community, leaving
 * the author's fields as they are (the @tags stay checked as the author's).
 */
export async function editComment(
  deps: AppDeps,
  callerId: number,
  postId: number,
  commentId: number,
  place: FeedPlace,
  body: EditCommentBody,
): Promise<FeedComment> {
  return inTransaction(unitOfWork(deps, callerId), async (work) => {
    const access = await openPost(work.tx, callerId, postId, place);
    const comment = await openComment(work.tx, access, commentId);
    assertMayEditComment(access, comment, callerId, body);
    const message = body.message === undefined ? comment.message : cleanMessage(body.message);
    const urgency = body.urgency ?? comment.urgency;
    if (urgency !== comment.urgency) assertMaySetUrgency(access, urgency);
    const taggedUsers =
      body.tagged_users === undefined
        ? comment.taggedUsers
        : await taggedIn(work, comment.authorId, access, message, urgency, body.tagged_users);
    const [updated] = await work.tx
      .update(comments)
      .set({
        message,
        urgency,
        taggedUsers,
        identityType: body.identity_type ?? comment.identityType,
        updatedAt: new Date(),
      })
      .where(eq(comments.id, comment.id))
      .returning();
    await notifyTagged(
      deps,
      work,
      access.post,
      taggedUsers.filter((id) => !comment.taggedUsers.includes(id)),
    );
    await announceEdit(work, access, comment, updated as CommentRow);
    return presentOne(work.tx, callerId, access, updated as CommentRow);
  });
}

/**
 * Deletes the comment in the caller's unit of work; its readers get the DELETE with the comment as it was.
 * Answers the storage keys of its files, to remove once the work has committed.
 */
export async function removeComment(work: Work, access: PostAccess, comment: CommentRow): Promise<string[]> {
  const keys = await detachFiles(work.tx, { commentId: comment.id });
  await work.tx.delete(comments).where(eq(comments.id, comment.id));
  await announce(work, access, comment, EventSubtype.DELETE);
  return keys;
}

/**
 * The author or a moderator deletes; readers get DELETE with the comment as it was. Its files leave
 * storage once the deletion has committed.
 */
export async function deleteComment(
  deps: AppDeps,
  callerId: number,
  postId: number,
  commentId: number,
  place: FeedPlace,
  log: WarnLog,
) {
  const storageKeys = await inTransaction(unitOfWork(deps, callerId), async (work) => {
    const access = await openPost(work.tx, callerId, postId, place);
    const comment = await openComment(work.tx, access, commentId);
    assertMayDelete(access, comment.authorId, callerId);
    return removeComment(work, access, comment);
  });
  await removeStoredFiles(deps.storage, storageKeys, log);
  return { ok: true };
}
