import {
  type EventData,
  type EventSubtypeOf,
  EventType,
  type FeedComment,
  type FeedPost,
  Urgency,
} from '@orbit/contract';
import type { EmitGroup, Work } from '../../platform/tx';
import type { UserRow } from '../faces';
import {
  type AttachmentRow,
  attachmentsOfComments,
  type CommentRow,
  loadBundles,
  noReactions,
  reactionsOf,
  writtenBundle,
} from './loader';
import { type Audience, audienceOf, type PostRow } from './policy';
import {
  type CommentBundle,
  commentViewerClassOf,
  presentComment,
  presentPost,
  viewerClassOf,
} from './presenter';
import { viewersFor } from './viewers';

/**
 * Groups recipients by what they see: those who see the same object (most of a community) share one
 * payload, the author or an expert get theirs. A community's change is one event on its channel; a member's
 * feed (no channel) gives each recipient their own.
 */
async function emitPresented<T extends FeedEventType, S extends EventSubtypeOf<T>>(
  work: Work,
  communityId: number | null,
  type: T,
  subtype: S,
  recipients: number[],
  present: (recipientId: number) => EventData<T, S>,
) {
  if (recipients.length === 0) return;
  const groups = new Map<string, EmitGroup<T, S>>();
  // A presenter that hands the same object to many recipients (a viewer class) is serialised once.
  const keys = new Map<EventData<T, S>, string>();
  for (const id of recipients) {
    const data = present(id);
    const key = keys.get(data) ?? JSON.stringify(data);
    keys.set(data, key);
    const group = groups.get(key) ?? { data, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  if (communityId !== null) {
    work.emitToCommunity(communityId, type, subtype, [...groups.values()]);
    return;
  }
  for (const group of groups.values()) await work.emit(group.ids, type, subtype, group.data);
}

type FeedEventType =
  | typeof EventType.USER_POST
  | typeof EventType.COMMUNITY_POST
  | typeof EventType.COMMUNITY_COMMENT;
/** NEW, UPDATE or DELETE: what a post or a comment event says happened. */
export type FeedSubtype = EventSubtypeOf<FeedEventType>;

const postEventType = (post: PostRow) =>
  post.communityId === null ? EventType.USER_POST : EventType.COMMUNITY_POST;

/** The post as one of its readers was shown it in its announcement; undefined for anyone else. */
export type AnnouncedView = (readerId: number) => FeedPost | undefined;

/**
 * NEW, UPDATE or DELETE of a post, to everyone it reaches, each seeing it as the list would show them.
 * Answers each reader's view, so that the author's answer is the one their own sockets get, read once.
 */
/** A post written in this unit of work: who reads it, its author's row, whether files came with it. */
export interface WrittenAnnouncement {
  audience: Audience;
  author: UserRow;
  withFiles: boolean;
}

export async function announcePost(
  work: Work,
  post: PostRow,
  subtype: FeedSubtype,
  /**
   * A post written in this unit of work: who reads it and its author, as read then. Nobody has reacted to it
   * yet (no other transaction can name it before the commit), so its readers' reactions are not read.
   */
  written?: WrittenAnnouncement,
): Promise<AnnouncedView> {
  const audience = written?.audience ?? (await audienceOf(work, post));
  const bundle = written
    ? await writtenBundle(work.tx, post, written.author, written.withFiles)
    : (await loadBundles(work.tx, [post]))[0];
  if (!bundle) return () => undefined;
  const shown = bundle.target ? [bundle.author, bundle.target] : [bundle.author];
  const reactions = written ? noReactions() : await reactionsOf(work.tx, [post.id], audience.recipients);
  const viewers = await viewersFor(work.tx, audience.recipients, audience, shown, post.activity !== null);
  const now = new Date();
  const classOf = viewerClassOf(bundle, reactions);
  const views = new Map<string, FeedPost>();
  const viewOf = (id: number) => {
    const viewer = viewers.get(id);
    if (!viewer) return undefined;
    const key = classOf(viewer);
    const view = views.get(key) ?? presentPost(bundle, viewer, reactions, now);
    views.set(key, view);
    return view;
  };
  await emitPresented(
    work,
    post.communityId,
    postEventType(post),
    subtype,
    audience.recipients,
    (id) => viewOf(id) as FeedPost,
  );
  return viewOf;
}

/** Who hears of a comment: its readers by its urgency, or only those who do not see urgent comments. */
export type CommentReaders = 'by-urgency' | 'not-urgent-readers';

function commentReaders(audience: Audience, urgency: number, readers: CommentReaders) {
  const urgent = (id: number) => audience.urgentReaders.has(id);
  if (readers === 'not-urgent-readers') return audience.recipients.filter((id) => !urgent(id));
  return urgency === Urgency.NONE ? audience.recipients : audience.recipients.filter(urgent);
}

/** The comment as one of its readers was shown it in its announcement; undefined for anyone else. */
export type AnnouncedComment = (readerId: number) => FeedComment | undefined;

/** Who hears of a comment, and its files when the caller knows them (they are read otherwise). */
export interface CommentAnnouncement {
  readers?: CommentReaders;
  attachments?: AttachmentRow[];
}

/**
 * A comment's NEW, UPDATE or DELETE. Community comments go out as COMMUNITY_COMMENT, urgent ones to experts
 * only; a member's feed has no comment event type, so its readers get the post's UPDATE with new counts.
 * Answers each reader's view of a community comment (none for a member's feed's).
 */
export async function announceComment(
  work: Work,
  post: PostRow,
  comment: CommentRow,
  author: UserRow,
  subtype: FeedSubtype,
  { readers = 'by-urgency', attachments: known }: CommentAnnouncement = {},
): Promise<AnnouncedComment> {
  if (post.communityId === null) {
    await announcePost(work, post, 'UPDATE');
    return () => undefined;
  }
  const audience = await audienceOf(work, post);
  const recipients = commentReaders(audience, comment.urgency, readers);
  const attachments = known ?? (await attachmentsOfComments(work.tx, [comment.id])).get(comment.id) ?? [];
  const bundle: CommentBundle = { comment, author, communityId: post.communityId, attachments };
  const viewers = await viewersFor(work.tx, recipients, audience, [author], false);
  const classOf = commentViewerClassOf(bundle);
  const views = new Map<string, FeedComment>();
  const viewOf = (id: number) => {
    const viewer = viewers.get(id);
    if (!viewer) return undefined;
    const key = classOf(viewer);
    const view = views.get(key) ?? presentComment(bundle, viewer);
    views.set(key, view);
    return view;
  };
  await emitPresented(
    work,
    post.communityId,
    EventType.COMMUNITY_COMMENT,
    subtype,
    recipients,
    (id) => viewOf(id) as FeedComment,
  );
  return viewOf;
}
